// Note [Cycle collector]
// Objects are reference counted (Note [Object layout] in include/pyscript/runtime_objects.h), so a
// group of objects that refer to each other -- a circular doubly linked list, a tree whose nodes
// point at their parent, an object whose list holds the object -- keeps its counts above zero once
// the program drops it. This collector finds such groups and frees them, as CPython's gc does
// (trial deletion, "Concurrent Cycle Collection in Reference Counted Systems", Bacon and Rajan).
//
// Which objects can be on a cycle. Static types make most containers unable to hold one: a list's
// elements, a dict's keys and values and a tuple's fields have types strictly inside the
// container's type, so only a user class can (transitively) hold an object of its own type. Every
// cycle therefore passes through an instance, and every container on it has a slot whose type
// reaches a class (PYRT_K_OBJECT inside lists, dicts and tuples: type_reaches_object). Those are
// the *containers* the collector tracks: an instance with such a field, a list whose element type
// reaches a class, a dict whose key or value type does. list[float], dict[str, int], a Vec of
// three floats, str and arrays are never tracked and cost nothing more than before.
//
// Tracking. A container is allocated with a GcLink (two words) just before it and PYRT_OBJ_GC set
// in its `kind`; the link puts it on its thread's list (a circular doubly linked list with a
// sentinel: four pointer writes to allocate, two to free). The lists are per thread, so neither
// takes a lock: an object that is not `shared` is reachable from one thread only (Note [Shared
// arrays] in runtime/array.cpp states the same invariant for arrays), the one that made it. Sharing
// an object (a module global; a store into a shared container, which shares what it stores) takes
// it off its list for good: shared objects are module state that calls on other threads may use at
// any moment, so the collector never looks at them; a cycle among them is never freed (they are
// the module's globals and what they hold, alive until the module goes anyway). An untracked link
// points at itself, so freeing any container unlinks it the same way.
//
// When. A collection runs inside the allocation of a container, when the containers allocated
// since the last one pass a threshold: the larger of kMinThreshold and the number that survived
// the last one, so each collection's work (proportional to the tracked containers) is paid for by
// as many allocations, and the total stays linear in the allocations. Inside an allocation every
// reference that compiled code holds is counted: plan_memory gives every value that holds a
// reference a counted reference of its own (Note [Array ownership] in ir/passes/plan_memory.cpp),
// function parameters are borrowed from a caller that holds one, and the runtime functions that
// allocate (list concatenation, dict copies, ...) hold only borrowed arguments and new objects
// whose slots they have not filled (zero). Objects on the stack (Note [Objects on the stack] in
// codegen/elide_objects.cpp) are of classes without references: never tracked, never pointed to.
//
// How (all on the calling thread's list):
//  1. gc_refs := refcount, for every tracked container (kept in the link's `prev` word, tagged, the
//     list walked through `next` meanwhile);
//  2. for every reference from a tracked container to another one, gc_refs of the target -= 1:
//     what is left counts the references from outside (registers, the stack, untracked or shared
//     objects, other threads' objects, the host);
//  3. containers with gc_refs > 0, and everything reachable from them through tracked containers,
//     are alive; the rest is garbage: only garbage refers to it;
//  4. the garbage is freed without double frees: first every reference it holds to what is not
//     garbage (strs, arrays, objects reachable from outside) is released as usual -- which frees
//     no garbage, since only garbage refers to garbage, and no live tracked container, which
//     something live refers to -- and the references between garbage are left uncounted; then
//     the garbage's memory is freed, each container once.
// A child is found through the slot type descriptors: an instance's class fields, a list's element
// type, a dict's key and value types; a slot of kind OBJECT, LIST or DICT, or a tuple holding one.
// Immortal objects (constants) are never allocated here, so never tracked.
//
// Code and descriptors. A tracked container points at descriptors (its class, its list or dict
// type) in the memory of the module that made it. pyrt_gc_unload, called before a module's code is
// freed (codegen::Jit's destructor), collects the calling thread's garbage while those are still
// there, and moves on a process-wide epoch: another thread whose list predates the epoch forgets
// its tracked containers (they stay untracked: freed by their counts, never by the collector)
// rather than read descriptors that may be gone. A thread that exits collects its garbage too.
#include "runtime/value_internal.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>

namespace pyscript::runtime {
namespace {

struct GcLink {
  GcLink* next;
  // The previous link; during a collection, the container's gc_refs << 2 | kReachable | kInCollection.
  uintptr_t prev;
};
static_assert(sizeof(GcLink) == kGcHeader, "the header before a tracked container");

constexpr uintptr_t kInCollection = 1, kReachable = 2, kOneRef = 4;
constexpr int64_t kMinThreshold = 10000;

struct GcState {
  GcLink head{nullptr, 0}; // the sentinel; head.next is null until the thread's first container
  int64_t tracked = 0;     // containers on the list
  int64_t allocated = 0;   // tracked allocations since the last collection
  int64_t threshold = kMinThreshold;
  uint64_t epoch = 0;      // the unload epoch the list belongs to
  bool collecting = false;
  bool exited = false;     // the thread is ending: nothing is tracked any more
  GcLink** buffer = nullptr; // a collection's arrays (reserve), kept for the next one
  int64_t buffer_size = 0;
};

constinit thread_local GcState t_gc;
std::atomic<uint64_t> g_epoch{0};

GcLink* link_of(pyrt_object* o) { return reinterpret_cast<GcLink*>(reinterpret_cast<char*>(o) - kGcHeader); }
pyrt_object* object_of(GcLink* l) { return reinterpret_cast<pyrt_object*>(reinterpret_cast<char*>(l) + kGcHeader); }
GcLink* prev_of(GcLink* l) { return reinterpret_cast<GcLink*>(l->prev); }

void self_link(GcLink* l) {
  l->next = l;
  l->prev = reinterpret_cast<uintptr_t>(l);
}

void push_back(GcLink* list, GcLink* l) {
  GcLink* last = prev_of(list);
  l->next = list;
  l->prev = reinterpret_cast<uintptr_t>(last);
  last->next = l;
  list->prev = reinterpret_cast<uintptr_t>(l);
}

void unlink(GcLink* l) {
  GcLink* before = prev_of(l);
  GcLink* after = l->next;
  before->next = after;
  after->prev = reinterpret_cast<uintptr_t>(before);
  self_link(l);
}

// At a thread's exit: its garbage is collected, the rest forgotten.
struct Reaper {
  bool armed = false;
  ~Reaper();
};
thread_local Reaper t_reaper;

GcState& state() {
  GcState& st = t_gc;
  if (__builtin_expect(st.head.next == nullptr, 0)) {
    self_link(&st.head);
    st.epoch = g_epoch.load(std::memory_order_acquire);
    t_reaper.armed = true; // registers the thread's exit handler
  }
  return st;
}

// Every tracked container of this thread leaves the list (it stays allocated, with its header).
void forget_all(GcState& st) {
  while (st.head.next != &st.head) unlink(st.head.next);
  st.tracked = 0;
}

// --- traversal through the slot types ---

template <class F> void visit_slot(const pyrt_type* t, char* slot, F& f) {
  switch (t->kind) {
  case PYRT_K_OBJECT:
  case PYRT_K_LIST:
  case PYRT_K_DICT: {
    pyrt_object* child;
    std::memcpy(&child, slot, sizeof child);
    if (child && (child->kind & PYRT_OBJ_GC)) f(child);
    return;
  }
  case PYRT_K_TUPLE:
    for (int32_t i = 0; i < t->count; ++i) visit_slot(t->items[i], slot + t->offsets[i], f);
    return;
  default:
    return;
  }
}

// f(child) for every container that `o`'s slots refer to (tracked or not: the caller tells).
template <class F> void visit_children(pyrt_object* o, F& f) {
  switch (o->kind & PYRT_OBJ_KIND_MASK) {
  case PYRT_OBJ_INSTANCE: {
    auto* inst = reinterpret_cast<pyrt_instance*>(o);
    const pyrt_class* cls = inst->cls;
    for (int64_t i = 0; i < cls->count; ++i) visit_slot(cls->fields[i], reinterpret_cast<char*>(o) + cls->offsets[i], f);
    return;
  }
  case PYRT_OBJ_LIST: {
    auto* l = reinterpret_cast<pyrt_list*>(o);
    const pyrt_type* t = l->type->items[0];
    for (int64_t i = 0; i < l->length; ++i) visit_slot(t, l->data + i * t->size, f);
    return;
  }
  case PYRT_OBJ_DICT: {
    auto* d = reinterpret_cast<pyrt_dict*>(o);
    int64_t pos = 0;
    for (int64_t e; (e = dict_next_live(d, &pos)) >= 0;) {
      visit_slot(d->type->items[0], static_cast<char*>(pyrt_dict_key(d, e)), f);
      visit_slot(d->type->items[1], static_cast<char*>(pyrt_dict_value(d, e)), f);
    }
    return;
  }
  default:
    return;
  }
}

// Garbage in the collection under way: tracked, in it, not reached (steps 3 and 4 of the Note).
bool is_garbage(const pyrt_object* o) {
  if (!(o->kind & PYRT_OBJ_GC)) return false;
  uintptr_t state = link_of(const_cast<pyrt_object*>(o))->prev;
  return (state & (kInCollection | kReachable)) == kInCollection;
}

// Releases what a slot holds, but for garbage (freed with the rest of it, uncounted).
void release_slot(const pyrt_type* t, char* slot) {
  switch (t->kind) {
  case PYRT_K_OBJECT:
  case PYRT_K_STR:
  case PYRT_K_LIST:
  case PYRT_K_DICT: {
    pyrt_object* o;
    std::memcpy(&o, slot, sizeof o);
    if (o && !is_garbage(o)) pyrt_object_release(o);
    return;
  }
  case PYRT_K_ARRAY:
  case PYRT_K_GENERATOR:
    pyrt_value_release(t, slot);
    return;
  case PYRT_K_TUPLE:
    for (int32_t i = 0; i < t->count; ++i) release_slot(t->items[i], slot + t->offsets[i]);
    return;
  default:
    return;
  }
}

// Step 5 of the Note, first half: drops the references garbage `o` holds to what is not garbage
// (strs, arrays, live objects), leaving a list or dict without elements.
void release_outside(pyrt_object* o) {
  switch (o->kind & PYRT_OBJ_KIND_MASK) {
  case PYRT_OBJ_INSTANCE: {
    const pyrt_class* cls = reinterpret_cast<pyrt_instance*>(o)->cls;
    for (int64_t i = 0; i < cls->count; ++i) release_slot(cls->fields[i], reinterpret_cast<char*>(o) + cls->offsets[i]);
    return;
  }
  case PYRT_OBJ_LIST: {
    auto* l = reinterpret_cast<pyrt_list*>(o);
    const pyrt_type* t = l->type->items[0];
    for (int64_t i = 0; i < l->length; ++i) release_slot(t, l->data + i * t->size);
    l->length = 0;
    return;
  }
  case PYRT_OBJ_DICT: {
    auto* d = reinterpret_cast<pyrt_dict*>(o);
    int64_t pos = 0;
    for (int64_t e; (e = dict_next_live(d, &pos)) >= 0;) {
      release_slot(d->type->items[0], static_cast<char*>(pyrt_dict_key(d, e)));
      release_slot(d->type->items[1], static_cast<char*>(pyrt_dict_value(d, e)));
    }
    d->used = d->length = 0;
    return;
  }
  default:
    return;
  }
}

// Second half: frees garbage `o`, whose slots hold nothing any more.
void free_released(pyrt_object* o) {
  switch (o->kind & PYRT_OBJ_KIND_MASK) {
  case PYRT_OBJ_INSTANCE:
    container_free(o, size_t(reinterpret_cast<pyrt_instance*>(o)->cls->size));
    return;
  case PYRT_OBJ_LIST:
    destroy_list(reinterpret_cast<pyrt_list*>(o));
    return;
  case PYRT_OBJ_DICT:
    destroy_dict(reinterpret_cast<pyrt_dict*>(o));
    return;
  default:
    return;
  }
}

// Room for 2 * n links in st.buffer (the tracked containers, then the marking stack); false when
// memory runs out.
bool reserve(GcState& st, int64_t n) {
  if (2 * n <= st.buffer_size) return true;
  int64_t size = 2 * n + n / 2 + 64;
  auto* grown = static_cast<GcLink**>(std::realloc(st.buffer, size_t(size) * sizeof(GcLink*)));
  if (!grown) return false;
  st.buffer = grown;
  st.buffer_size = size;
  return true;
}

int64_t collect(GcState& st) {
  if (st.collecting) return 0;
  st.allocated = 0;
  if (st.epoch != g_epoch.load(std::memory_order_acquire)) { // a module went away since: Note [Cycle collector]
    forget_all(st);
    st.epoch = g_epoch.load(std::memory_order_acquire);
    return 0;
  }
  if (!reserve(st, st.tracked)) return 0; // out of memory: everything lives, this time
  st.collecting = true;
  GcLink* const head = &st.head;
  // 1. gc_refs := refcount. The containers go into an array for the passes below (no pointer
  // chasing), and the list is rebuilt in step 4.
  GcLink** items = st.buffer;
  int64_t n = 0;
  for (GcLink* l = head->next; l != head; l = l->next) {
    items[n++] = l;
    l->prev = uintptr_t(object_of(l)->refcount) * kOneRef | kInCollection;
  }
  // 2. References between tracked containers are not from outside.
  auto internal = [](pyrt_object* child) {
    GcLink* c = link_of(child);
    if (c->prev & kInCollection) c->prev -= kOneRef;
  };
  for (int64_t i = 0; i < n; ++i) visit_children(object_of(items[i]), internal);
  // 3. What is referred to from outside, and what it reaches, is alive. (A negative gc_refs, from a
  // count that disagrees with the slots, reads as a huge one: alive.) Each container is pushed
  // once, so the stack fits in the buffer's second half.
  GcLink** pending = st.buffer + n;
  int64_t top = 0;
  auto reach_child = [&](pyrt_object* child) {
    GcLink* c = link_of(child);
    if ((c->prev & (kInCollection | kReachable)) == kInCollection) {
      c->prev |= kReachable;
      pending[top++] = c;
    }
  };
  for (int64_t i = 0; i < n; ++i) {
    GcLink* l = items[i];
    if (l->prev < kOneRef || (l->prev & kReachable)) continue;
    l->prev |= kReachable;
    pending[top++] = l;
    while (top) visit_children(object_of(pending[--top]), reach_child);
  }
  // 4. The list again, of the living, in their order; the garbage at the front of the array, its
  // `prev` still tagged.
  self_link(head);
  int64_t garbage = 0;
  for (int64_t i = 0; i < n; ++i) {
    GcLink* l = items[i];
    if (l->prev & kReachable) push_back(head, l);
    else items[garbage++] = l;
  }
  st.tracked = n - garbage;
  // 5. Free the garbage: only garbage refers to it, so references between garbage are dropped
  // uncounted and the rest released (which frees nothing of the garbage: Note), then the memory.
  for (int64_t i = 0; i < garbage; ++i) release_outside(object_of(items[i]));
  for (int64_t i = 0; i < garbage; ++i) {
    self_link(items[i]); // off every list: container_free unlinks nothing
    free_released(object_of(items[i]));
  }
  st.threshold = st.tracked > kMinThreshold ? st.tracked : kMinThreshold;
  st.collecting = false;
  return garbage;
}

Reaper::~Reaper() {
  GcState& st = t_gc;
  if (!armed || st.head.next == nullptr) return;
  collect(st);
  forget_all(st);
  st.exited = true;
  std::free(st.buffer);
  st.buffer = nullptr;
  st.buffer_size = 0;
}

} // namespace

bool type_reaches_object(const pyrt_type* t) {
  switch (t->kind) {
  case PYRT_K_OBJECT:
    return true;
  case PYRT_K_LIST:
  case PYRT_K_DICT:
  case PYRT_K_TUPLE:
    for (int32_t i = 0; i < t->count; ++i)
      if (t->items[i] && type_reaches_object(t->items[i])) return true;
    return false;
  default:
    return false;
  }
}

bool class_is_container(const pyrt_class* cls) {
  for (int64_t i = 0; i < cls->count; ++i)
    if (type_reaches_object(cls->fields[i])) return true;
  return false;
}

void* container_alloc(size_t size, bool tracked) {
  if (!tracked) return small_alloc(size);
  GcState& st = state();
  if (__builtin_expect(st.exited, 0)) {
    auto* l = static_cast<GcLink*>(small_alloc(size + kGcHeader));
    if (!l) return nullptr;
    self_link(l);
    return object_of(l);
  }
  if (++st.allocated >= st.threshold) collect(st);
  auto* l = static_cast<GcLink*>(small_alloc(size + kGcHeader));
  if (!l) return nullptr;
  push_back(&st.head, l);
  ++st.tracked;
  return object_of(l);
}

void container_free(pyrt_object* o, size_t size) {
  if (!(o->kind & PYRT_OBJ_GC)) return small_free(o, size);
  GcLink* l = link_of(o);
  if (l->next != l) --t_gc.tracked; // on a list: this thread's (Note [Cycle collector])
  unlink(l);
  small_free(l, size + kGcHeader);
}

void container_untrack(pyrt_object* o) {
  if (!(o->kind & PYRT_OBJ_GC)) return;
  GcLink* l = link_of(o);
  if (l->next == l) return;
  --t_gc.tracked;
  unlink(l);
}

} // namespace pyscript::runtime

using namespace pyscript::runtime;

extern "C" {

int64_t pyrt_gc_collect(void) {
  GcState& st = state();
  return st.exited ? 0 : collect(st);
}

int64_t pyrt_gc_tracked(void) {
  return t_gc.head.next ? t_gc.tracked : 0;
}

void pyrt_gc_unload(void) {
  GcState& st = state();
  if (!st.exited) collect(st); // forgets the list instead when it predates the last unload
  g_epoch.fetch_add(1, std::memory_order_acq_rel);
  st.epoch = g_epoch.load(std::memory_order_acquire);
}

} // extern "C"
