// Class layouts in the IR text, the globals a host's lowering stores (Note [Module names for
// hosts]), and the state codec (Note [Module state in artifacts]): a cycle encodes and reads back,
// and malformed bytes are StateErrors.
#include "ir/parser.hpp"
#include "ir/printer.hpp"
#include "ir/state.hpp"
#include "ir/verifier.hpp"
#include "lower/lower.hpp"

#include <doctest/doctest.h>

using namespace pyscript;

namespace {

const char* kProgram = R"(class Node:
    def __init__(self, value):
        self.value = value
        self.next = None
        self.tags = ["a"]

    def get(self):
        return self.value


class Leaf(Node):
    def get(self):
        return -self.value

    @staticmethod
    def make():
        return 1


a = Node(1)
b = Leaf(2)
a.next = b
b.next = a
count = 0
for i in range(3):
    count = count + 1
print(a.get(), b.get(), count, Leaf.make())
)";

std::unique_ptr<ir::Module> lowered(bool for_host) {
  DiagnosticEngine diags;
  LowerOptions options;
  options.store_module_names = for_host;
  CheckedAndLowered r = check_and_lower("state.py", kProgram, diags, options);
  REQUIRE(!diags.has_errors());
  REQUIRE(r.lowered.module);
  return std::move(r.lowered.module);
}

std::string bytes_of(std::initializer_list<int> bytes) {
  std::string s;
  for (int b : bytes) s += char(b);
  return s;
}

} // namespace

TEST_CASE("class layouts print and parse; a host's top level stores every module-level name") {
  std::unique_ptr<ir::Module> m = lowered(true);
  std::string printed = ir::print_module(*m);
  CHECK(printed.find("class @Node() 1 3 {value: int, next: Optional[Node], tags: list[str]} methods {__init__ 2, get 1}") !=
        std::string::npos);
  CHECK(printed.find("class @Leaf(Node) 2 3 {value: int, next: Optional[Node], tags: list[str]} methods {get 1}") !=
        std::string::npos); // the staticmethod is not a method of objects
  std::unique_ptr<ir::Module> again = ir::parse_module_text(printed);
  ir::verify(*again);
  CHECK(ir::print_module(*again) == printed);
  std::vector<std::string> names;
  for (const ir::Global& g : m->globals) names.push_back(g.name + ":" + g.type.to_string());
  CHECK(names == std::vector<std::string>{"a:Node", "b:Leaf", "count:int"}); // `i` may be unbound
  // `pyscript run` stores none of them.
  CHECK(lowered(false)->globals.empty());
  CHECK_THROWS_AS(ir::parse_module_text("class @X() 1 2 {a: int} methods {} str \"\" repr \"\" extra\n"), ir::IrParseError);
}

TEST_CASE("a state with a cycle encodes and reads back; malformed bytes are StateErrors") {
  std::unique_ptr<ir::Module> m = lowered(true);
  ir::StateImage image;
  auto value = [](int64_t w) {
    ir::StateValue v;
    v.word = w;
    return v;
  };
  ir::StateValue tag;
  tag.text = "\xc3\xa9t\xc3\xa9";
  // objects: 0 Node a, 1 Leaf b, 2 the tags list both share
  image.objects.push_back({ir::StateObject::Kind::Instance, ir::Type::object("Node"), {value(1), value(2), value(2)}});
  image.objects.push_back({ir::StateObject::Kind::Instance, ir::Type::object("Leaf"), {value(2), value(1), value(2)}});
  image.objects.push_back({ir::StateObject::Kind::List, ir::Type::list(ir::Type::str()), {tag}});
  image.globals = {{"a", value(1)}, {"b", value(2)}, {"count", value(3)}};
  std::string bytes = ir::encode_state(image, *m);
  ir::StateImage back = ir::decode_state(bytes, *m);
  CHECK(ir::encode_state(back, *m) == bytes);
  REQUIRE(back.objects.size() == 3);
  CHECK(back.objects[1].type == ir::Type::object("Leaf"));
  CHECK(back.objects[0].items[1].word == 2); // a.next is b (index 1, + 1)
  CHECK(back.objects[1].items[1].word == 1); // b.next is a
  CHECK(back.objects[2].items[0].text == "\xc3\xa9t\xc3\xa9");

  auto error = [&](const std::string& s) {
    try {
      (void)ir::decode_state(s, *m);
    } catch (const ir::StateError& e) {
      return std::string(e.what());
    }
    return std::string("(read)");
  };
  CHECK(error(bytes.substr(0, bytes.size() - 3)).find("truncated") != std::string::npos);
  CHECK(error(bytes + "x").find("bytes after the end") != std::string::npos);
  CHECK(error("").find("truncated") != std::string::npos);
  // A count no state could hold.
  CHECK(error(bytes_of({0xff, 0xff, 0xff, 0xff, 0x0f})).find("past the end") != std::string::npos);

  auto with = [&](auto change) {
    ir::StateImage bad = image;
    change(bad);
    return error(ir::encode_state(bad, *m));
  };
  CHECK(with([&](ir::StateImage& s) { s.globals[0].second.word = 0; }).find("None where a Node goes") != std::string::npos);
  CHECK(with([&](ir::StateImage& s) { s.globals[1].second.word = 1; }).find("where a Leaf goes") != std::string::npos);
  CHECK(with([&](ir::StateImage& s) { s.objects[0].items[2].word = 0; }).find("where a list[str] goes") != std::string::npos);
  CHECK(with([&](ir::StateImage& s) { s.objects[2].items[0].text = "\xff"; }).find("not UTF-8") != std::string::npos);
  CHECK(with([&](ir::StateImage& s) { s.globals.push_back(s.globals[0]); }).find("'a' twice") != std::string::npos);
  CHECK(with([&](ir::StateImage& s) { s.objects[2].type = ir::Type::list(ir::Type::object("Nope")); })
            .find("unknown class Nope") != std::string::npos);
  CHECK(with([&](ir::StateImage& s) { s.objects[2].type = ir::Type::dict(ir::Type::list(ir::Type::int_()), ir::Type::str()); })
            .find("a dict keyed by list[int]") != std::string::npos);
}
