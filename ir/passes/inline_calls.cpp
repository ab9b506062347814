// Inlining: a call of a function that does not (transitively) call itself is replaced by a copy
// of the callee's body.
//   before:  %r : int = call[callee="add.int.int"](%x, %y)
//   after:   %r : int = add(%x, %y)
#include "ir/passes/passes.hpp"

#include "ir/clone.hpp"

#include <map>
#include <set>

namespace pyscript::ir {
namespace {

std::set<std::string> callees_of(const Function& f) {
  std::set<std::string> out;
  for (Node* n : all_nodes(*f.graph->top()))
    if (n->kind() == OpKind::Call) out.insert(n->str_attr("callee"));
  return out;
}

// Functions on a cycle of the call graph.
std::set<std::string> recursive_functions(const Module& m) {
  std::map<std::string, std::set<std::string>> calls;
  for (const auto& f : m.functions) calls[f->name] = callees_of(*f);
  std::set<std::string> out;
  for (const auto& f : m.functions) {
    std::set<std::string> seen;
    std::vector<std::string> work(calls[f->name].begin(), calls[f->name].end());
    while (!work.empty()) {
      std::string g = work.back();
      work.pop_back();
      if (g == f->name) {
        out.insert(f->name);
        break;
      }
      if (!seen.insert(g).second) continue;
      for (const std::string& h : calls[g]) work.push_back(h);
    }
  }
  return out;
}

// Inlining budget: small callees only, and no caller grows past a size LLVM handles quickly
// (a chain of functions each calling the next several times would otherwise grow exponentially).
constexpr size_t kMaxCalleeNodes = 200;
constexpr size_t kMaxCallerNodes = 4000;
// Loops, too, are bounded per caller: LLVM's loop passes (unrolling above all) slow down more
// than linearly with the number of loops in one function; measured: 128 inlined copies of a
// 3-deep loop nest in one top level took 2.1 s to compile, 64 copies 0.78 s. Past the bound a
// callee with loops stays a call (it is compiled once per signature).
constexpr size_t kMaxCallerLoops = 64;

size_t count_loops(const Function& f) {
  size_t loops = 0;
  for (Node* n : all_nodes(*f.graph->top())) loops += n->kind() == OpKind::Loop;
  return loops;
}

// Note [Frames of inlined calls]
// CPython counts a frame for every call, and RecursionError depends on the count (Note [Recursion
// depth] in codegen/emit_function.cpp). A call inlined here has no frame of its own at run time,
// so the calls and prints copied from its body carry frames=N: the frames of the inlined calls
// around them, which codegen adds to the caller's count.
int64_t extra_frames(const Node& n) {
  const AttrValue* v = n.attr("frames");
  return v && std::holds_alternative<int64_t>(*v) ? std::get<int64_t>(*v) : 0;
}

bool counts_frames(const Node& n) {
  return n.kind() == OpKind::Call || n.kind() == OpKind::Print || n.kind() == OpKind::PrintFormat ||
         n.kind() == OpKind::CheckDepth || n.kind() == OpKind::SysSetRecursionLimit;
}

} // namespace

bool inline_calls(Module& m) {
  std::set<std::string> recursive = recursive_functions(m);
  bool changed = false;
  for (const auto& f : m.functions) {
    size_t caller_size = all_nodes(*f->graph->top()).size();
    size_t caller_loops = count_loops(*f);
    for (Node* call : all_nodes(*f->graph->top())) {
      if (call->kind() != OpKind::Call) continue;
      const std::string& name = call->str_attr("callee");
      Function* callee = m.find(name);
      if (!callee || recursive.count(name) || callee == f.get()) continue;
      size_t callee_size = all_nodes(*callee->graph->top()).size();
      size_t callee_loops = count_loops(*callee);
      if (callee_size > kMaxCalleeNodes || caller_size + callee_size > kMaxCallerNodes ||
          (callee_loops > 0 && caller_loops + callee_loops > kMaxCallerLoops))
        continue;
      caller_size += callee_size;
      caller_loops += callee_loops;
      std::map<const Value*, Value*> mapping;
      for (size_t i = 0; i < callee->graph->inputs().size(); ++i)
        mapping[callee->graph->inputs()[i]] = call->input(i);
      std::vector<Node*> before = all_nodes(*call->owner());
      std::set<const Node*> existing(before.begin(), before.end());
      clone_nodes_before(*callee->graph->top(), call, mapping);
      // Note [Frames of inlined calls]: the copies run one frame deeper than the call.
      int64_t extra = 1 + extra_frames(*call);
      for (Node* copy : all_nodes(*call->owner()))
        if (!existing.count(copy) && counts_frames(*copy)) copy->set_attr("frames", extra_frames(*copy) + extra);
      const std::vector<Value*>& results = callee->graph->outputs();
      for (size_t i = 0; i < call->outputs().size(); ++i)
        call->output(i)->replace_all_uses_with(mapping.at(results.at(i)));
      call->destroy();
      changed = true;
    }
  }
  return changed;
}

} // namespace pyscript::ir
