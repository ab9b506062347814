// Instances of user classes (include/pyscript/runtime_objects.h, Note [Objects] in
// lower/classes.hpp): allocation, freeing, sharing, and their repr inside containers.
#include "runtime/object_internal.hpp"

#include <atomic>
#include <cstring>
#include <vector>

namespace pyscript::runtime {
namespace {

thread_local pyrt_context* t_print_ctx = nullptr;

char* field_slot(pyrt_instance* o, int64_t i) {
  return reinterpret_cast<char*>(o) + o->cls->offsets[i];
}

// Drops one reference; true when it was the last (the caller frees the object).
bool drop(pyrt_object* o) {
  if (!o || o->refcount < 0) return false;
  if (o->shared)
    return std::atomic_ref<int64_t>(o->refcount).fetch_sub(1, std::memory_order_acq_rel) == 1;
  return --o->refcount == 0;
}

} // namespace

// Frees an instance whose count reached zero. Instances its fields held that die with it are freed
// by the same loop, not by recursion, so a linked list of a million nodes frees in constant stack.
void destroy_instance(pyrt_instance* first) {
  // Instances freed with this one: a tree's nodes fit the array; a long list spills to the vector.
  pyrt_instance* near[64];
  size_t n_near = 0;
  std::vector<pyrt_instance*> dying;
  auto push = [&](pyrt_instance* o) {
    if (n_near < 64)
      near[n_near++] = o;
    else
      dying.push_back(o);
  };
  for (pyrt_instance* o = first; o;) {
    const pyrt_class* cls = o->cls;
    for (int64_t i = 0; i < cls->count; ++i) {
      char* slot = field_slot(o, i);
      if (cls->fields[i]->kind == PYRT_K_OBJECT) {
        auto* held = *reinterpret_cast<pyrt_object**>(slot);
        if (drop(held)) push(reinterpret_cast<pyrt_instance*>(held));
      } else if (cls->fields[i]->kind >= PYRT_K_STR && cls->fields[i]->kind <= PYRT_K_GENERATOR) {
        pyrt_value_release(cls->fields[i], slot); // numbers, bools and None hold nothing
      }
    }
    if (o->head.kind & PYRT_OBJ_GC)
      container_free(&o->head, size_t(cls->size));
    else
      small_free(o, size_t(cls->size));
    o = nullptr;
    if (!dying.empty()) {
      o = dying.back();
      dying.pop_back();
    } else if (n_near > 0) {
      o = near[--n_near];
    }
  }
}

void share_instance(pyrt_instance* o) {
  for (int64_t i = 0; i < o->cls->count; ++i)
    value_share(o->cls->fields[i], field_slot(o, i));
}

// repr(obj) inside a container: the class's __repr__ (the printing call's context), else its name.
void append_instance_repr(std::string& out, const pyrt_instance* o) {
  if (!o) {
    out += "None";
    return;
  }
  auto* fn = o->cls->repr ? o->cls->repr : o->cls->str;
  if (!fn || !t_print_ctx) {
    out += "<";
    out += o->cls->name;
    out += " object>";
    return;
  }
  pyrt_str* s = fn(t_print_ctx, const_cast<pyrt_instance*>(o));
  if (!s) return; // the error is in the context
  out.append(s->data, size_t(s->size));
  pyrt_object_release(&s->head);
}

PrintContext::PrintContext(pyrt_context* ctx) : saved_(t_print_ctx) {
  t_print_ctx = ctx;
}
PrintContext::~PrintContext() {
  t_print_ctx = saved_;
}

} // namespace pyscript::runtime

using namespace pyscript::runtime;

extern "C" {

pyrt_instance* pyrt_instance_new(pyrt_context* ctx, const pyrt_class* cls, const char* site) {
  // Note [Cycle collector] in runtime/gc.cpp, Note [Acyclic classes] in lower/class_cycles.cpp.
  bool tracked = !(cls->flags & PYRT_CLASS_ACYCLIC) && class_is_container(cls);
  size_t size = size_t(cls->size);
  auto* o = static_cast<pyrt_instance*>(tracked ? container_alloc(size, true) : small_alloc(size));
  if (!o) {
    pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
    return nullptr;
  }
  // Instances are a few words (a multiple of 8 bytes): zeroed inline, not by a call to memset.
  auto* words = reinterpret_cast<uint64_t*>(o);
  for (size_t i = 0; i < size / 8; ++i) {
    words[i] = 0;
    asm("" : : "r"(words) : "memory"); // keeps the loop a loop (not a call to memset)
  }
  o->head.refcount = 1;
  o->head.kind = PYRT_OBJ_INSTANCE | (tracked ? PYRT_OBJ_GC : 0);
  o->cls = cls;
  return o;
}

} // extern "C"
