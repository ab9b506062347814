/* Python's mutable and reference objects in compiled code: str, list, dict, set (runtime/str*.cpp,
 * runtime/list.cpp, runtime/dict.cpp, runtime/set.cpp, runtime/value.cpp). Included by pyscript/runtime.h.
 *
 * Note [Object layout]
 * Every object starts with a pyrt_object header: a reference count (negative: immortal, a constant
 * in the code, never counted or freed), a `shared` flag (counted atomically once reachable from other
 * threads, as arrays are) and its kind. Generated code retains and releases inline (`refcount += 1`
 * unless negative) and calls pyrt_object_destroy when a count reaches zero. The kind's low byte is a
 * pyrt_object_kind; PYRT_OBJ_GC in it marks a container that the cycle collector knows: two words
 * of the runtime's precede it (Note [Cycle collector] in runtime/gc.cpp).
 *
 * A value of a static type sits in a *slot* of a fixed size: the bytes its LLVM type takes in
 * memory (int: int64_t, float: double, bool and None: one byte 0/1, str/list/dict/array/generator:
 * a pointer, a tuple: its fields at the offsets of LLVM's struct layout). A list's elements, a
 * dict's keys and values, and a tuple's fields are slots. A pyrt_type describes a slot's type, so
 * the runtime copies, counts, compares, hashes and prints values of any static type with one
 * generic code (runtime/value.cpp); codegen emits one constant pyrt_type per static type it needs.
 *
 * Ownership: a slot holding a reference owns it. Functions that store a value into a container take
 * the reference the caller passes (the caller gives its reference away, as a Return does); functions
 * that read one give a new reference (the runtime retains). Arguments that are containers are
 * borrowed. Every function returning an object returns a new reference, or NULL after recording an
 * error in ctx.
 */
#ifndef PYSCRIPT_RUNTIME_OBJECTS_H
#define PYSCRIPT_RUNTIME_OBJECTS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum pyrt_object_kind { PYRT_OBJ_STR = 1, PYRT_OBJ_LIST = 2, PYRT_OBJ_DICT = 3, PYRT_OBJ_INSTANCE = 4,
  PYRT_OBJ_EXCEPTION = 5 /* pyrt_exception (runtime_exceptions.h) */, PYRT_OBJ_SET = 6 } pyrt_object_kind;
#define PYRT_OBJ_KIND_MASK 0xff /* pyrt_object::kind & PYRT_OBJ_KIND_MASK: the pyrt_object_kind */
#define PYRT_OBJ_GC 0x100       /* a container with the cycle collector's header before it */

typedef struct pyrt_object {
  int64_t refcount; /* < 0: immortal */
  int32_t shared;   /* nonzero: counted atomically */
  int32_t kind;     /* pyrt_object_kind */
} pyrt_object;

/* The static type of a slot. */
typedef enum pyrt_kind {
  PYRT_K_NONE = 0,
  PYRT_K_BOOL = 1,
  PYRT_K_INT = 2,
  PYRT_K_FLOAT = 3,
  PYRT_K_STR = 4,
  PYRT_K_LIST = 5,      /* items[0]: the element type */
  PYRT_K_DICT = 6,      /* items[0]: key type, items[1]: value type */
  PYRT_K_TUPLE = 7,     /* count fields: items[i] at offsets[i] */
  PYRT_K_ARRAY = 8,     /* a pyrt_array* (rank >= 1) */
  PYRT_K_GENERATOR = 9, /* a pyrt_generator* */
  PYRT_K_NP_FLOAT64 = 10, /* numpy scalars: np.float64 (double), np.float32 (float), np.int64, np.bool_ */
  PYRT_K_NP_FLOAT32 = 11,
  PYRT_K_NP_INT64 = 12,
  PYRT_K_NP_BOOL = 13,
  PYRT_K_OBJECT = 14,   /* a pyrt_instance* of a user class; NULL is None (an Optional) */
  PYRT_K_OPTIONAL = 15, /* None (NULL) or an object of items[0] (str, list or dict): a pointer slot */
  PYRT_K_EXCEPTION = 16, /* a pyrt_exception* (runtime_exceptions.h) */
  PYRT_K_OPTIONAL_VALUE = 17, /* None or a number of items[0] (bool, int, float) at offset 0; a byte at
                               * offsets[0], nonzero when the number is there */
  PYRT_K_SET = 18,      /* a pyrt_set*: items[0] the element type */
} pyrt_kind;

typedef struct pyrt_type {
  int32_t kind;  /* pyrt_kind */
  int32_t count; /* tuple: number of fields; list: 1; dict: 2; else 0 */
  int64_t size;  /* bytes of one slot */
  int64_t align; /* alignment of one slot */
  const struct pyrt_type* const* items;
  const int64_t* offsets; /* tuple: each field's offset in the slot; else NULL */
} pyrt_type;

/* A str: immutable, UTF-8, with its length in code points. data holds size bytes and a NUL. */
typedef struct pyrt_str {
  pyrt_object head;
  int64_t length; /* code points */
  int64_t size;   /* bytes */
  int64_t hash;   /* -1 until computed */
  char data[];
} pyrt_str;

/* A list: `length` slots of `type->items[0]` at data, room for `capacity`. Generated code reads and
 * writes elements in place (a bounds check and a load or store); offsets are fixed by this layout. */
typedef struct pyrt_list {
  pyrt_object head;
  int64_t length;
  int64_t capacity;
  char* data;
  const pyrt_type* type; /* PYRT_K_LIST */
} pyrt_list;

/* A dict: insertion-ordered entries (hash, key slot, value slot) and an open-addressing index over
 * them. Layout private to runtime/dict.cpp but for the header's first fields. */
typedef struct pyrt_dict {
  pyrt_object head;
  int64_t length; /* live entries */
  const pyrt_type* type; /* PYRT_K_DICT */
  /* private */
  int64_t used;      /* entries written, deleted ones included */
  int64_t capacity;  /* entries allocated */
  char* entries;
  int64_t* index;    /* index_size slots: -1 empty, -2 deleted, else an entry number */
  int64_t index_size;
  int64_t entry_size, key_offset, value_offset;
  int64_t version;   /* bumped on every insertion or deletion: iteration checks it */
} pyrt_dict;

/* A set: CPython's open-addressing table (Note [Set tables] in runtime/set.cpp), so that iteration
 * order is CPython's. Layout private to runtime/set.cpp but for the header's first fields. Its
 * elements are values (numbers, str, tuples of them), so a set is never on a reference cycle. */
typedef struct pyrt_set {
  pyrt_object head;
  int64_t length; /* live elements (CPython's `used`) */
  const pyrt_type* type; /* PYRT_K_SET */
  /* private */
  int64_t fill;   /* live and deleted entries */
  int64_t mask;   /* entries - 1, a power of two minus one */
  int64_t finger; /* where pop() looks first */
  char* table;
  int64_t entry_size, key_offset;
} pyrt_set;

/* A user class (Note [Objects] in lower/classes.hpp): codegen emits one constant per class. An
 * instance is the header, its class, then its fields' slots at `offsets` (from the instance's
 * start); `str`/`repr` are the exported entries of __str__/__repr__ (NULL when the class has none),
 * which print an instance held in a container. Ids number the classes in preorder: x is an
 * instance of C when C.id <= x.cls->id < C.id_end. */
struct pyrt_context;
typedef struct pyrt_class {
  const char* name;
  int64_t id, id_end;
  int64_t size; /* bytes of an instance */
  int64_t count; /* fields */
  const pyrt_type* const* fields;
  const int64_t* offsets;
  struct pyrt_str* (*str)(struct pyrt_context*, void*);
  struct pyrt_str* (*repr)(struct pyrt_context*, void*);
  int64_t flags; /* PYRT_CLASS_* */
} pyrt_class;
/* No instance can be on a reference cycle: the collector never tracks them (Note [Acyclic classes]
 * in lower/class_cycles.cpp). */
#define PYRT_CLASS_ACYCLIC 1

typedef struct pyrt_instance {
  pyrt_object head;
  const pyrt_class* cls;
  /* the fields */
} pyrt_instance;

#ifdef __cplusplus
}
#endif

#endif
