// Reading a whole input file (a rules file, a baseline) with the messages a user can act on.
#ifndef RULECHECK_BASE_READ_FILE_H_
#define RULECHECK_BASE_READ_FILE_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace rulecheck::base {

// The text of the file at `path`, read whole. `what` names it in messages ("rules file"):
// "cannot read rules file `x`: it is a directory" (a directory opens and reads as nothing),
// the system's reason where it gives one (no such file, permission denied), and a refusal past
// `max_bytes`, read in pieces, since /dev/zero or a runaway pipe never ends. Thread-safe.
absl::StatusOr<std::string> ReadWholeFile(const std::string& path, std::string_view what,
                                          uint64_t max_bytes);

}  // namespace rulecheck::base

#endif  // RULECHECK_BASE_READ_FILE_H_
