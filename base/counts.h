// Numbers in text for people: digits grouped in thousands ("5,478") and counted nouns
// ("1 state", "5,478 states"). Shared by every stage that writes sentences: the engines'
// messages, the reports, the command's progress lines. Pure functions, thread-safe.
#ifndef RULECHECK_BASE_COUNTS_H_
#define RULECHECK_BASE_COUNTS_H_

#include <cstdint>
#include <string>

namespace rulecheck::base {

// 5478 -> "5,478".
std::string GroupThousands(uint64_t n);
// "1 state", "5,478 states": `n` grouped, then `singular` when n == 1, else `plural`.
std::string CountOf(uint64_t n, const std::string& singular, const std::string& plural);

}  // namespace rulecheck::base

#endif  // RULECHECK_BASE_COUNTS_H_
