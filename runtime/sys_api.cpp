// CPython's `sys` module for compiled code (include/pyscript/runtime_modules.def): argv, exit and
// setrecursionlimit. sys.stdout.write is print's output (lower/lower_modules.cpp); sys.maxsize a
// constant.
#include "pyscript/runtime.h"

#include <atomic>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <pthread.h>
#include <thread>

// Note [sys.argv]
// The module's argv is a list like any other (a program may append to it), made once: generated
// code defines PYRT_SYS_WORDS zeroed words per module ("pyscript.sys", codegen/emit_modules.cpp);
// the host stores the arguments there before it runs the top level (Module::run: the script's path,
// then `pyscript run FILE ARGS...`'s ARGS), and the first read of sys.argv makes the list from
// them, shared (other threads may read it), and keeps it for every later read.

namespace {

struct SysGlobal {
  int32_t lock;
  int32_t unused;
  pyrt_list* argv; // made on first use; owned here
  char** args;     // the host's arguments, copied (malloc)
  int64_t count;
};
static_assert(sizeof(SysGlobal) <= PYRT_SYS_WORDS * sizeof(uint64_t));

class Locked {
public:
  explicit Locked(uint64_t* words) : g(reinterpret_cast<SysGlobal*>(words)) {
    std::atomic_ref<int32_t> a(g->lock);
    while (a.exchange(1, std::memory_order_acquire))
      while (a.load(std::memory_order_relaxed))
        std::this_thread::yield();
  }
  ~Locked() { std::atomic_ref<int32_t>(g->lock).store(0, std::memory_order_release); }
  Locked(const Locked&) = delete;
  Locked& operator=(const Locked&) = delete;
  SysGlobal* g;
};

} // namespace

extern "C" {

void pyrt_sys_set_argv(uint64_t* sys_state, const char* const* args, int64_t n) {
  Locked l(sys_state);
  SysGlobal* g = l.g;
  for (int64_t i = 0; i < g->count; ++i)
    std::free(g->args[i]);
  std::free(g->args);
  pyrt_object_release(reinterpret_cast<pyrt_object*>(g->argv));
  g->argv = nullptr;
  g->args = static_cast<char**>(std::calloc(static_cast<size_t>(n > 0 ? n : 1), sizeof(char*)));
  g->count = 0;
  if (!g->args) return;
  for (int64_t i = 0; i < n; ++i)
    if ((g->args[i] = strdup(args[i]))) g->count = i + 1;
}

pyrt_list* pyrt_sys_argv(pyrt_context* ctx, uint64_t* sys_state, const pyrt_type* list_type,
                         const char* site) {
  Locked l(sys_state);
  SysGlobal* g = l.g;
  if (!g->argv) {
    // Code run without the host's arguments (a handle called before run()) sees [''], as an
    // embedded CPython does.
    int64_t n = g->count > 0 ? g->count : 1;
    pyrt_list* list = pyrt_list_new(ctx, list_type, n, site);
    if (!list) return nullptr;
    for (int64_t i = 0; i < n; ++i) {
      const char* s = g->count > 0 ? g->args[i] : "";
      pyrt_str* str = pyrt_str_new(s, static_cast<int64_t>(std::strlen(s)));
      std::memcpy(list->data + i * static_cast<int64_t>(sizeof(pyrt_str*)), &str, sizeof str);
    }
    pyrt_object_share(&list->head);
    g->argv = list;
  }
  pyrt_object_retain(&g->argv->head);
  return g->argv;
}

void pyrt_sys_exit(pyrt_context* ctx, int64_t code, pyrt_str* message, const char* site) {
  if (message) {
    std::fflush(ctx->out ? ctx->out : stdout);
    std::fwrite(message->data, 1, static_cast<size_t>(message->size), stderr);
    std::fputc('\n', stderr);
    std::fflush(stderr);
    code = 1;
  }
  // CPython passes the status to exit() as a C int; the OS keeps its low 8 bits.
  pyrt_raise_detail(ctx, PYRT_SYSTEM_EXIT, site, "%d", static_cast<int>(code));
}

void pyrt_sys_setrecursionlimit(pyrt_context* ctx, int32_t* limit, int64_t n, int32_t depth,
                                const char* site) {
  if (n > INT_MAX || n < INT_MIN) {
    pyrt_raise_detail(ctx, PYRT_OVERFLOW_ERROR, site, "Python int too large to convert to C int");
    return;
  }
  if (n < 1) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site,
                      "recursion limit must be greater or equal than 1");
    return;
  }
  if (depth >= n) {
    pyrt_raise_detail(ctx, PYRT_RECURSION_ERROR, site,
                      "cannot set the recursion limit to %d at the recursion depth %d: the limit "
                      "is too low",
                      static_cast<int>(n), depth);
    return;
  }
  std::atomic_ref<int32_t>(*limit).store(static_cast<int32_t>(n), std::memory_order_relaxed);
}

// The lowest address this thread's frames may reach, with room left for the runtime's own calls.
static uintptr_t stack_floor() {
  thread_local uintptr_t floor = 0;
  if (floor) return floor;
  pthread_attr_t attr;
  void* low = nullptr;
  size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    pthread_attr_getstack(&attr, &low, &size);
    pthread_attr_destroy(&attr);
  }
  const size_t margin = size_t(256) << 10;
  floor = low && size > 2 * margin ? reinterpret_cast<uintptr_t>(low) + margin : 1;
  return floor;
}

int32_t pyrt_stack_exhausted(pyrt_context* ctx, const char* site) {
  if (reinterpret_cast<uintptr_t>(__builtin_frame_address(0)) > stack_floor()) return 0;
  pyrt_raise_detail(ctx, PYRT_RECURSION_ERROR, site,
                    "maximum recursion depth exceeded (the native stack is full before "
                    "sys.setrecursionlimit's limit: a limit of pyscript's own)");
  return 1;
}

} // extern "C"
