// The cycle collector (Note [Cycle collector] in runtime/gc.cpp) through the runtime's C interface:
// instances, lists and dicts built by hand on hand-made class and slot descriptors, linked into
// cycles, dropped, and collected; what is reachable stays, what garbage held is released once.
#include "pyscript/runtime.h"

#include <doctest/doctest.h>

#include <cstddef>
#include <cstring>
#include <thread>

namespace {

const pyrt_type kInt{PYRT_K_INT, 0, 8, 8, nullptr, nullptr};
const pyrt_type kStr{PYRT_K_STR, 0, 8, 8, nullptr, nullptr};
const pyrt_type kObject{PYRT_K_OBJECT, 0, 8, 8, nullptr, nullptr};
const pyrt_type* const kListObject_items[] = {&kObject};
const pyrt_type kListObject{PYRT_K_LIST, 1, 8, 8, kListObject_items, nullptr};
const pyrt_type* const kListInt_items[] = {&kInt};
const pyrt_type kListInt{PYRT_K_LIST, 1, 8, 8, kListInt_items, nullptr};
const pyrt_type* const kDictStrObject_items[] = {&kStr, &kObject};
const pyrt_type kDictStrObject{PYRT_K_DICT, 2, 8, 8, kDictStrObject_items, nullptr};
// (int, Node)
const pyrt_type* const kIntObject_items[] = {&kInt, &kObject};
const int64_t kIntObject_offsets[] = {0, 8};
const pyrt_type kIntObject{PYRT_K_TUPLE, 2, 16, 8, kIntObject_items, kIntObject_offsets};
const pyrt_type* const kListIntObject_items[] = {&kIntObject};
const pyrt_type kListIntObject{PYRT_K_LIST, 1, 8, 8, kListIntObject_items, nullptr};

// class Node: value, next, prev, label, items (list[Node]), names (dict[str, Node]), pairs
// (list[(int, Node)]), as codegen lays an instance out: the header, the class, the fields.
struct Node {
  pyrt_instance base;
  int64_t value;
  Node* next;
  Node* prev;
  pyrt_str* label;
  pyrt_list* items;
  pyrt_dict* names;
  pyrt_list* pairs;
};
const pyrt_type* const kNodeFields[] = {&kInt, &kObject, &kObject, &kStr, &kListObject, &kDictStrObject, &kListIntObject};
const int64_t kNodeOffsets[] = {offsetof(Node, value), offsetof(Node, next), offsetof(Node, prev), offsetof(Node, label),
                                offsetof(Node, items), offsetof(Node, names), offsetof(Node, pairs)};
const pyrt_class kNode{"Node", 1, 2, sizeof(Node), 7, kNodeFields, kNodeOffsets, nullptr, nullptr, 0};

// class Point: x, y (ints only: never on a cycle, never tracked)
struct Point {
  pyrt_instance base;
  int64_t x, y;
};
const pyrt_type* const kPointFields[] = {&kInt, &kInt};
const int64_t kPointOffsets[] = {offsetof(Point, x), offsetof(Point, y)};
const pyrt_class kPoint{"Point", 2, 3, sizeof(Point), 2, kPointFields, kPointOffsets, nullptr, nullptr, 0};

// class Tree: left, right (Optional[Tree]), marked acyclic by the compiler (Note [Acyclic classes]).
struct Tree {
  pyrt_instance base;
  Tree* left;
  Tree* right;
};
const pyrt_type* const kTreeFields[] = {&kObject, &kObject};
const int64_t kTreeOffsets[] = {offsetof(Tree, left), offsetof(Tree, right)};
const pyrt_class kTree{"Tree", 3, 4, sizeof(Tree), 2, kTreeFields, kTreeOffsets, nullptr, nullptr,
                       PYRT_CLASS_ACYCLIC};

pyrt_context ctx{};

Node* node(int64_t value) {
  auto* n = reinterpret_cast<Node*>(pyrt_instance_new(&ctx, &kNode, "t"));
  REQUIRE(n);
  n->value = value;
  return n;
}

// A new reference to `o`, as a store takes one.
template <class T> T* ref(T* o) {
  pyrt_object_retain(reinterpret_cast<pyrt_object*>(o));
  return o;
}
void release(void* o) { pyrt_object_release(static_cast<pyrt_object*>(o)); }

void append(pyrt_list* l, const void* slot) { REQUIRE(pyrt_list_append(&ctx, l, slot, "t") == 1); }

pyrt_str* S(const char* s) { return pyrt_str_new(s, int64_t(std::strlen(s))); }

} // namespace

TEST_CASE("a cycle of two instances is freed by a collection, and what it held is released") {
  pyrt_gc_collect();
  int64_t before = pyrt_gc_tracked();
  pyrt_str* label = S("shared label");
  Node* a = node(1);
  Node* b = node(2);
  a->next = ref(b);
  b->next = ref(a);
  a->label = ref(label);
  b->label = ref(label);
  CHECK(label->head.refcount == 3);
  CHECK(pyrt_gc_tracked() == before + 2);
  release(a);
  release(b);
  CHECK(a->base.head.refcount == 1); // reference counting alone frees neither
  CHECK(pyrt_gc_collect() == 2);
  CHECK(pyrt_gc_tracked() == before);
  CHECK(label->head.refcount == 1);
  release(label);
}

TEST_CASE("a node pointing at itself, a list holding its owner, a dict holding its owner") {
  pyrt_gc_collect();
  int64_t before = pyrt_gc_tracked();
  Node* self = node(1);
  self->next = ref(self);
  self->prev = ref(self);
  release(self);

  Node* owner = node(2);
  owner->items = pyrt_list_new(&ctx, &kListObject, 0, "t");
  Node* held = ref(owner);
  append(owner->items, &held);
  pyrt_str* key = S("me");
  owner->names = pyrt_dict_new(&ctx, &kDictStrObject, "t");
  Node* value = ref(owner);
  REQUIRE(pyrt_dict_set(&ctx, owner->names, &key, &value, "t") == 1);
  release(owner);

  Node* tupled = node(3);
  tupled->pairs = pyrt_list_new(&ctx, &kListIntObject, 1, "t");
  struct {
    int64_t i;
    Node* n;
  } pair{7, ref(tupled)};
  std::memcpy(tupled->pairs->data, &pair, sizeof pair);
  release(tupled);

  CHECK(pyrt_gc_tracked() == before + 6); // 3 nodes, 2 lists, a dict
  CHECK(pyrt_gc_collect() == 6);
  CHECK(pyrt_gc_tracked() == before);
}

TEST_CASE("what is referred to from outside survives, with everything it reaches") {
  pyrt_gc_collect();
  int64_t before = pyrt_gc_tracked();
  // A ring a -> b -> c -> a held through `a` only, and d, held by b but not on the ring.
  Node* a = node(1);
  Node* b = node(2);
  Node* c = node(3);
  Node* d = node(4);
  a->next = ref(b);
  b->next = ref(c);
  c->next = ref(a);
  b->prev = d; // takes the only reference
  release(b);
  release(c);
  CHECK(pyrt_gc_collect() == 0);
  CHECK(pyrt_gc_tracked() == before + 4);
  CHECK(a->next->next->next == a);
  CHECK(a->next->prev->value == 4);
  CHECK(d->base.head.refcount == 1);
  // Held from a list that is not tracked (list[int] cannot be on a cycle) through a node: still
  // outside. Then the last outside reference goes: all four are garbage.
  pyrt_list* numbers = pyrt_list_new(&ctx, &kListInt, 3, "t");
  CHECK(pyrt_gc_tracked() == before + 4);
  a->items = pyrt_list_new(&ctx, &kListObject, 0, "t");
  Node* again = ref(a);
  append(a->items, &again); // a -> its list -> a
  CHECK(pyrt_gc_collect() == 0);
  release(a);
  CHECK(pyrt_gc_collect() == 5);
  CHECK(pyrt_gc_tracked() == before);
  release(numbers);
}

TEST_CASE("garbage that holds a live object releases it once") {
  pyrt_gc_collect();
  Node* live = node(9);
  Node* a = node(1);
  Node* b = node(2);
  a->next = ref(b);
  b->next = ref(a);
  a->prev = ref(live);
  b->prev = ref(live);
  release(a);
  release(b);
  CHECK(live->base.head.refcount == 3);
  CHECK(pyrt_gc_collect() == 2);
  CHECK(live->base.head.refcount == 1);
  CHECK(live->value == 9);
  release(live);
}

TEST_CASE("types that cannot be on a cycle are not tracked") {
  pyrt_gc_collect();
  int64_t before = pyrt_gc_tracked();
  pyrt_list* ints = pyrt_list_new(&ctx, &kListInt, 2, "t");
  auto* p = reinterpret_cast<Point*>(pyrt_instance_new(&ctx, &kPoint, "t"));
  REQUIRE(p);
  CHECK(pyrt_gc_tracked() == before);
  CHECK((p->base.head.kind & PYRT_OBJ_GC) == 0);
  CHECK((ints->head.kind & PYRT_OBJ_GC) == 0);
  pyrt_list* nodes = pyrt_list_new(&ctx, &kListObject, 0, "t");
  CHECK((nodes->head.kind & PYRT_OBJ_GC) != 0);
  CHECK(pyrt_gc_tracked() == before + 1);
  release(ints);
  release(p);
  release(nodes);
  CHECK(pyrt_gc_tracked() == before);
}

TEST_CASE("instances of an acyclic class are not tracked, and free what they hold") {
  pyrt_gc_collect();
  int64_t before = pyrt_gc_tracked();
  auto* leaf = reinterpret_cast<Tree*>(pyrt_instance_new(&ctx, &kTree, "t"));
  auto* root = reinterpret_cast<Tree*>(pyrt_instance_new(&ctx, &kTree, "t"));
  REQUIRE(leaf);
  REQUIRE(root);
  CHECK((root->base.head.kind & PYRT_OBJ_GC) == 0);
  CHECK(pyrt_gc_tracked() == before);
  CHECK(root->left == nullptr);
  CHECK(root->right == nullptr);
  root->left = ref(leaf);
  root->right = leaf; // takes the caller's reference
  CHECK(leaf->base.head.refcount == 2);
  release(root); // frees the leaf too (ASan reports a leak otherwise)
  CHECK(pyrt_gc_tracked() == before);
}

TEST_CASE("shared objects leave the collector: stores into shared containers share too") {
  pyrt_gc_collect();
  int64_t before = pyrt_gc_tracked();
  Node* a = node(1);
  Node* b = node(2);
  a->next = ref(b);
  b->next = ref(a);
  pyrt_object_share(&a->base.head); // a module global: b too, it is reachable
  CHECK(a->base.head.shared);
  CHECK(b->base.head.shared);
  CHECK(pyrt_gc_tracked() == before);
  a->items = pyrt_list_new(&ctx, &kListObject, 0, "t");
  pyrt_object_share(&a->items->head);
  Node* c = node(3);
  append(a->items, &c); // stored into a shared list: shared
  CHECK(c->base.head.shared);
  CHECK(pyrt_gc_tracked() == before);
  release(b);
  CHECK(pyrt_gc_collect() == 0);
  // Shared cycles are module state: broken by hand here.
  Node* next = a->next;
  a->next = nullptr;
  release(next);
  release(a);
  CHECK(pyrt_gc_tracked() == before);
}

TEST_CASE("a million cycles: collections run by themselves and the tracked count stays bounded") {
  pyrt_gc_collect();
  int64_t before = pyrt_gc_tracked(), most = 0;
  pyrt_str* label = S("label");
  for (int i = 0; i < 1000000; ++i) {
    Node* a = node(i);
    Node* b = node(i + 1);
    a->next = ref(b);
    b->prev = ref(a);
    a->label = ref(label);
    release(a);
    release(b);
    int64_t now = pyrt_gc_tracked() - before;
    if (now > most) most = now;
  }
  CHECK(most <= 10002);
  CHECK(most >= 1000); // they were collected, not freed by their counts
  pyrt_gc_collect();
  CHECK(pyrt_gc_tracked() == before);
  CHECK(label->head.refcount == 1);
  release(label);
}

TEST_CASE("a long chain that stays alive is not traversed at every allocation") {
  // 200000 live nodes: collections run at 10000, 20000, 40000, ... allocations (the threshold
  // follows the survivors), so building the chain costs a few passes over it, not one per node.
  pyrt_gc_collect();
  int64_t before = pyrt_gc_tracked();
  Node* head = node(0);
  Node* tail = head;
  for (int i = 1; i < 200000; ++i) {
    Node* n = node(i);
    n->prev = ref(tail);
    tail->next = n;
    tail = n;
  }
  CHECK(pyrt_gc_tracked() == before + 200000);
  CHECK(pyrt_gc_collect() == 0);
  int64_t sum = 0;
  for (Node* n = head; n; n = n->next) sum += n->value;
  CHECK(sum == int64_t(199999) * 200000 / 2);
  release(head); // the chain's prev links make cycles of every neighbour pair
  CHECK(pyrt_gc_collect() == 200000);
  CHECK(pyrt_gc_tracked() == before);
}

TEST_CASE("a thread's cycles are freed when the thread ends") {
  pyrt_str* label = S("from a thread");
  std::thread worker([label] {
    for (int i = 0; i < 100; ++i) {
      Node* a = node(i);
      Node* b = node(i);
      a->next = ref(b);
      b->next = ref(a);
      a->label = ref(label);
      release(a);
      release(b);
    }
  });
  worker.join();
  CHECK(label->head.refcount == 1);
  release(label);
}
