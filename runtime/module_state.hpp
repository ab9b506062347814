// The module's random states and Generators as words, for an artifact's state (Note [Module
// state in artifacts] in ir/state.hpp): runtime/random_api.cpp and runtime/py_random_api.cpp, which
// own the states' layouts (Note [Random state], Note [The random module's state]).
#pragma once

#include "pyscript/runtime.h"

#include <cstdint>
#include <vector>

namespace pyscript::runtime {

// np.random's legacy RandomState in the module's words `legacy`: its words (under its lock), or
// none when it was never seeded.
std::vector<uint64_t> legacy_random_words(uint64_t* legacy);
// Sets it (a module nothing runs in yet); false for words that are no state. None: unseeded.
bool set_legacy_random(uint64_t* legacy, const std::vector<uint64_t>& words);
// The same for the random module's state.
std::vector<uint64_t> py_random_words(uint64_t* state);
bool set_py_random(uint64_t* state, const std::vector<uint64_t>& words);
// A Generator's state, and a new Generator (count 1) from one; null for words that are no state.
std::vector<uint64_t> generator_words(pyrt_generator* g);
pyrt_generator* generator_from_words(const std::vector<uint64_t>& words);

} // namespace pyscript::runtime
