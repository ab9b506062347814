// Internal to codegen/: the state of emitting one ir::Function as an LLVM function.
// Control flow and the driver: emit_function.cpp; scalar ops: emit_ops.cpp; print: emit_print.cpp.
#pragma once

#include "codegen/codegen.hpp"
#include "pyscript/runtime.h"

#include <llvm/IR/IRBuilder.h>

#include <functional>
#include <map>
#include <optional>
#include <set>

namespace pyscript::codegen {

class FunctionEmitter {
public:
  FunctionEmitter(llvm::Module& module, const ir::Module& ir_module, const ir::Function& f);
  void emit();

  // --- helpers shared by the emit_*.cpp files ---
  llvm::Value* value(const ir::Value* v) const;
  void bind(const ir::Value* v, llvm::Value* llvm_value) { values_[v] = llvm_value; }
  llvm::Type* type(const ir::Type& t) const { return llvm_type(t, context_); }
  // A private constant C string; equal strings share one global.
  llvm::Value* c_string(const std::string& s);
  // "file.py:LINE:COL" of a node, for runtime errors.
  llvm::Value* site(const ir::Node& n);
  // if (cond) { pyrt_raise(ctx, kind, site); return; }  -- cond is expected false.
  void raise_if(llvm::Value* cond, pyrt_error_kind kind, const ir::Node& n);
  void raise_if(llvm::Value* cond, pyrt_error_kind kind, llvm::Value* site); // site: a "file:line:col" string
  // if (ctx->failed) return;  after a call that may fail.
  void return_if_failed();
  // if (failed) return;  (releasing what the frame owns: failure_exit)
  void return_if(llvm::Value* failed);
  // A runtime call that may record an error: name(ctx, args..., site of n), then return_if_failed.
  // (callee: PYRT(name), codegen/runtime_callee.hpp)
  llvm::Value* checked_call(const ir::Node& n, llvm::FunctionCallee callee, std::vector<llvm::Value*> args);
  // A stack array of `t` (room for at least `min_size`, allocated once in the entry block)
  // holding `values`, stored here: shapes, index specs and operand lists for runtime calls.
  llvm::Value* stack_array(llvm::Type* t, const std::vector<llvm::Value*>& values, size_t min_size = 1);
  llvm::Value* ctx() const { return ctx_; }
  llvm::IRBuilder<>& builder() { return builder_; }
  llvm::LLVMContext& context() { return context_; }
  llvm::Function* function() { return function_; }

  void emit_block(const ir::Block& block);
  void emit_node(const ir::Node& n);
  // Scalar ops (emit_ops.cpp); false when the node is not one.
  bool emit_scalar_op(const ir::Node& n);
  // Array ops (emit_arrays.cpp); false when the node is not one.
  bool emit_array_op(const ir::Node& n);
  // Ops that make, join and select arrays (emit_shape.cpp); false when the node is not one.
  bool emit_shape_op(const ir::Node& n);
  // numpy scalars as registers (emit_numpy_scalars.cpp, Note [Numpy scalars are registers]).
  bool emit_numpy_scalar_op(const ir::Node& n);
  bool emit_boxed(const ir::Node& n);
  bool emit_element_read(const ir::Node& n);
  bool emit_scalar_ufunc(const ir::Node& n);
  // A scalar of `from` as `to` (numpy's conversion); null for float -> int.
  llvm::Value* convert_scalar(llvm::Value* v, ir::DType from, ir::DType to);
  // A new 0-d pyrt_array holding `v`; the element of a 0-d array.
  llvm::Value* box_scalar(llvm::Value* v, ir::DType d);
  llvm::Value* load_scalar(llvm::Value* array, ir::DType d);
  // numpy's random ops (emit_random.cpp); false when the node is not one.
  bool emit_random_op(const ir::Node& n);
  void emit_random_draw(const ir::Node& n);
  // CPython's random and sys ops (emit_modules.cpp); false when the node is not one.
  bool emit_module_op(const ir::Node& n);
  // The recursion limit frames are checked against (Note [The recursion limit]).
  llvm::Value* recursion_limit();
  // RecursionError before the native stack overflows, where the limit may be raised.
  void stack_guard(llvm::Value* site);
  // cumsum, round, sort, np.linalg (emit_arrays_math.cpp); false when the node is not one.
  bool emit_array_math_op(const ir::Node& n);
  // np.load, np.save, np.savez (emit_numpy_io.cpp); false when the node is not one.
  bool emit_numpy_io_op(const ir::Node& n);
  // Retain/release every array `v` holds (itself, or a tuple's elements).
  void retain_arrays(llvm::Value* v, const ir::Type& t);
  void release_arrays(llvm::Value* v, const ir::Type& t);
  enum class Count { Retain, Release, Share };
  void visit_arrays(llvm::Value* v, const ir::Type& t, Count what);
  // str, list and dict ops (emit_objects.cpp, emit_lists.cpp); false when the node is not one.
  bool emit_object_op(const ir::Node& n);
  // Instances of user classes (emit_classes.cpp).
  bool emit_class_op(const ir::Node& n);
  llvm::StructType* instance_type(const ir::ClassLayout& cls);
  const ir::ClassLayout& class_layout(const ir::Type& t);
  llvm::Value* class_info(const ir::ClassLayout& cls);
  llvm::Value* field_address(llvm::Value* object, const ir::Type& t, const std::string& field);
  llvm::Value* new_object(const ir::Node& n, bool elidable);
  llvm::MDNode* field_tbaa(const ir::Type& t); // Note [Fields are typed]
  const ir::Type& field_type(const ir::Type& t, const std::string& field);
  llvm::Value* reuse_object(const ir::Node& n); // Note [Reusing a dropped object]
  bool emit_bitwise_op(const ir::Node& n);
  bool emit_set_op(const ir::Node& n); // emit_sets.cpp
  void emit_str_call(const ir::Node& n);
  llvm::Value* type_info(const ir::Type& t);
  llvm::Value* str_constant(const std::string& s);
  llvm::Value* slot_of(llvm::Value* v);
  void count_object(llvm::Value* object, bool retain);
  // An object's header fields, loaded with their TBAA tags: its count (i64) and shared flag (i32).
  llvm::Value* load_refcount(llvm::Value* object);
  llvm::Value* load_shared(llvm::Value* object);
  // Whether `v`, an Optional of type t, is None: a null pointer, or an Optional number's flag clear
  // (Note [Optional numbers] in lower/lower_optional.cpp).
  llvm::Value* optional_is_none(llvm::Value* v, const ir::Type& t);
  // Before `v` (of type t) is stored into `container` (a list or an instance): what it holds is
  // shared if the container is (Note [Cycle collector] in runtime/gc.cpp).
  void share_stored(llvm::Value* container, llvm::Value* v, const ir::Type& t);
  // TBAA tags (Note [List memory is typed]): a list's header fields, and the elements of lists.
  llvm::MDNode* tbaa(const char* what);
  void fail_if(llvm::Value* cond, const std::function<void()>& call);
  llvm::Value* list_element(const ir::Node& n, llvm::Value* list, llvm::Value* i, bool store);
  void emit_print(const ir::Node& n);
  void emit_print_format(const ir::Node& n);
  // RecursionError when `c_levels` more levels (C calls CPython makes here) pass the limit.
  void check_depth(const ir::Node& n, int64_t c_levels);
  // Exception ops (emit_exceptions.cpp); false when the node is not one.
  bool emit_exception_op(const ir::Node& n);
  // A fused elementwise op (emit_fused.cpp), and tanh as it computes it.
  void emit_fused(const ir::Node& n);
  // The loop of a fused op as a function of [begin, end) (Note [Fused kernels]); data[k]: the
  // data pointer of array input k, null for a scalar.
  llvm::Function* emit_fused_kernel(const ir::Node& n, llvm::StructType* env_type,
                                    const std::vector<llvm::Value*>& data);
  void emit_broadcast_blame(const ir::Node& n, const std::vector<size_t>& array_inputs);
  llvm::Value* emit_tanh(llvm::Value* x);
  // e^x; edges: exact at the overflow threshold and for subnormal results (two scalings), which
  // tanh does not need.
  llvm::Value* emit_exp(llvm::Value* x, bool edges = true);

private:
  void emit_if(const ir::Node& n);
  void emit_loop(const ir::Node& n);
  void emit_try(const ir::Node& n);
  void emit_call(const ir::Node& n);
  llvm::BasicBlock* fail_block();
  // Where a failure at the current point goes: a block releasing the arrays this frame owns now,
  // then fail_block() (Note [Cleanup on failure]).
  llvm::BasicBlock* failure_exit();
  llvm::BasicBlock* cleanup_of(std::vector<const ir::Value*> live);
  // Cleanup chains by where they end (fail_block() or a Try's landing) and what they release.
  std::map<std::pair<llvm::BasicBlock*, std::vector<const ir::Value*>>, llvm::BasicBlock*> cleanups_;
  // The Trys whose guarded block is being emitted, innermost last (Note [Cleanup on failure]):
  // a failure goes to the landing, releasing the scopes of owned_ from `scopes` on.
  struct Landing {
    llvm::BasicBlock* block;
    size_t scopes;
  };
  std::vector<Landing> landings_;
  void track_ownership(const ir::Node& n);
  // Note [Recursion depth]: count this frame; raise RecursionError past the limit.
  void enter_frame();
  // Note [Entry and body]: the exported function calling the body.
  void emit_entry();
  // ret {v, failed} from the body (v null: a zero of the return type; or i1 for None).
  void return_from_body(llvm::Value* v, bool failed);
  void print_value(llvm::Value* v, const ir::Type& t, bool in_container);

  llvm::Module& module_;
  const ir::Module& ir_module_;
  const ir::Function& f_;
  llvm::LLVMContext& context_;
  llvm::IRBuilder<> builder_;
  llvm::Function* function_ = nullptr;
  llvm::Value* ctx_ = nullptr;
  llvm::BasicBlock* fail_ = nullptr;
  llvm::Value* frames_here_ = nullptr; // frames counting this one; null: not counted (makes no calls)
  // The arrays owned at the current point of emission, one scope per block being emitted.
  std::vector<std::vector<const ir::Value*>> owned_;
  // Emitting a failure path: objects are counted by runtime calls, so that the many cleanup blocks
  // stay small (inline counting is for the paths that run).
  bool cold_ = false;
  // Inside a fused block: numpy's float semantics (no raising; nan propagates).
  bool kernel_mode_ = false;
  // Inputs whose last use is the node (memory planning released them right after it): a fused
  // loop may write its result into such a buffer (Note [Buffer reuse] in emit_fused.cpp).
  std::set<std::pair<const ir::Node*, const ir::Value*>> dying_;
  std::map<const ir::Value*, llvm::Value*> values_;
  // object_new[reuse] values (and their moved casts) that a move stores back into the field they
  // reused: whether this run reused (Note [Reusing a dropped object]).
  std::map<const ir::Value*, llvm::Value*> reused_;
  // Whether the module calls sys.setrecursionlimit (Note [The recursion limit]); found once.
  std::optional<bool> sets_recursion_limit_;
  bool module_sets_recursion_limit();
};

// The runtime's code (PYRT_F32, ...) for a dtype.
int32_t runtime_dtype(ir::DType d);

// The module's legacy RandomState (emit_random.cpp): defined zeroed, or declared (found at link
// time in the module that defines it).
llvm::GlobalVariable* define_random_state(llvm::Module& module, bool define);
// The state of CPython's random and sys modules (emit_modules.cpp), defined or declared alike.
void define_module_state(llvm::Module& module, bool define);

// The LLVM functions for an IR function (Note [Entry and body] in emit_function.cpp), created on
// first reference: the exported entry, and the body generated code calls.
llvm::Function* declare_function(llvm::Module& module, const ir::Function& f);
llvm::Function* declare_body(llvm::Module& module, const ir::Function& f);

} // namespace pyscript::codegen
