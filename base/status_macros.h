// RETURN_IF_ERROR and ASSIGN_OR_RETURN: early returns on a failed absl::Status or
// absl::StatusOr, so that code crossing a folder boundary can propagate errors without an
// if-statement per call. The Debian abseil we build against (20220623) does not ship these
// macros; they follow the behaviour of the ones in later abseil and in Google's code base.
// Both may be used in any function returning absl::Status or absl::StatusOr<T>.
//
//   absl::StatusOr<Model> Load(std::string_view path) {
//     ASSIGN_OR_RETURN(std::string text, ReadFile(path));
//     RETURN_IF_ERROR(CheckEncoding(text));
//     return Compile(text);
//   }
#ifndef RULECHECK_BASE_STATUS_MACROS_H_
#define RULECHECK_BASE_STATUS_MACROS_H_

#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

// Evaluates `expr`, which must yield an absl::Status, once; if it is not OK, returns it from
// the enclosing function.
#define RETURN_IF_ERROR(expr)                                    \
  do {                                                           \
    if (::absl::Status rulecheck_status_macros_status_ = (expr); \
        !rulecheck_status_macros_status_.ok()) {                 \
      return rulecheck_status_macros_status_;                    \
    }                                                            \
  } while (false)

// Evaluates `rexpr`, which must yield an absl::StatusOr<T>, once; if it is not OK, returns its
// status from the enclosing function, otherwise moves the value into `lhs`. `lhs` is either
// a declaration (`int n`, `auto model`) or an existing lvalue (`result.model`). It must not
// contain an unparenthesised comma: use a type alias instead of `std::pair<A, B> p`, and no
// structured bindings. Expands to several statements, so do not use it as the body of an
// unbraced if or loop.
#define ASSIGN_OR_RETURN(lhs, rexpr)         \
  RULECHECK_STATUS_MACROS_ASSIGN_OR_RETURN_( \
      RULECHECK_STATUS_MACROS_CONCAT_(rulecheck_status_macros_statusor_, __COUNTER__), lhs, rexpr)

// Implementation details.
#define RULECHECK_STATUS_MACROS_CONCAT_INNER_(x, y) x##y
#define RULECHECK_STATUS_MACROS_CONCAT_(x, y) RULECHECK_STATUS_MACROS_CONCAT_INNER_(x, y)
#define RULECHECK_STATUS_MACROS_ASSIGN_OR_RETURN_(statusor, lhs, rexpr) \
  auto statusor = (rexpr);                                              \
  if (!statusor.ok()) {                                                 \
    return std::move(statusor).status();                                \
  }                                                                     \
  lhs = *std::move(statusor)

#endif  // RULECHECK_BASE_STATUS_MACROS_H_
