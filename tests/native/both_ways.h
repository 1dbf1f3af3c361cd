// Running a model with the interpreter and with its compiled form and comparing the two
// (see differential_test.cc): the check reports apart from times, and every stored state's
// successors and failures.
#ifndef RULECHECK_TESTS_NATIVE_BOTH_WAYS_H_
#define RULECHECK_TESTS_NATIVE_BOTH_WAYS_H_

#include <cstdint>
#include <string>

#include "ir/state_space.h"
#include "model/model.h"
#include "nlohmann/json.hpp"

namespace rulecheck::native {

// The cache the tests compile into (under the test's temporary directory).
std::string TestCacheDir();

// The JSON report of a check of `model` on `space` (null: the interpreter), one thread, at
// most `max_states` states (0: no limit), without what differs between runs.
nlohmann::json Report(const model::Model& model, const ir::StateSpace* space, uint64_t max_states);

// Compiles `model` and compares both ways (gtest expectations); false, with the reason in
// `why`, when the model does not compile.
bool RunBothWays(const model::Model& model, uint64_t max_states, std::string& why);

}  // namespace rulecheck::native

#endif  // RULECHECK_TESTS_NATIVE_BOTH_WAYS_H_
