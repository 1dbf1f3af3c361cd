// Validators for command-line values that CLI11 would otherwise read wrongly. They look at the
// text the user typed, before CLI11 converts it, because after the conversion the mistake can
// no longer be seen: "-3" and "18446744073709551616" both become some uint64_t, and "nan"
// passes every range check.
#ifndef RULECHECK_CLI_FLAG_CHECKS_H_
#define RULECHECK_CLI_FLAG_CHECKS_H_

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include "CLI/CLI.hpp"

namespace rulecheck::cli {

// For a count read into a uint64_t (e.g. --max-states, --seed): CLI11 reads "-3" as 2^64 - 3
// and a decimal too large for 64 bits as some other number, either of which would silently
// mean "no limit" or an arbitrary one, and reads "010" as octal and "0x10" as hexadecimal.
// Refuses a sign, a decimal number above 2^64 - 1, and anything but decimal digits.
inline CLI::Validator UnsignedCount() {
  return CLI::Validator(
      [](const std::string& value) {
        if (!value.empty() && value.front() == '-') return std::string("must not be negative");
        const char* begin = value.data() + (!value.empty() && value.front() == '+' ? 1 : 0);
        const char* end = value.data() + value.size();
        uint64_t parsed = 0;
        auto [stop, error] = std::from_chars(begin, end, parsed);
        if (error == std::errc::result_out_of_range) {
          return std::string("must be at most 18446744073709551615 (2^64 - 1)");
        }
        if (begin == end || stop != end || error != std::errc() ||
            (end - begin > 1 && *begin == '0')) {
          return "must be a whole number in decimal, not `" + value + "`";
        }
        return std::string();
      },
      "");
}

// For a whole number from `min` to `max` (e.g. --threads): CLI::Range says of a word "Value
// abc not in range 1 to 1024", and CLI11 reads "010" as octal and "0x10" as hexadecimal.
// Takes decimal digits only, with an optional sign.
inline CLI::Validator WholeNumber(int64_t min, int64_t max) {
  return CLI::Validator(
      [min, max](const std::string& value) {
        const std::string range = "from " + std::to_string(min) + " to " + std::to_string(max);
        const char* begin = value.data() + (!value.empty() && value.front() == '+' ? 1 : 0);
        const char* end = value.data() + value.size();
        int64_t parsed = 0;
        auto [stop, error] = std::from_chars(begin, end, parsed);
        const bool octal_looking = end - begin > 1 && *begin == '0';
        if (begin == end || stop != end || octal_looking ||
            (error != std::errc() && error != std::errc::result_out_of_range)) {
          return "must be a whole number " + range + ", not `" + value + "`";
        }
        if (error == std::errc::result_out_of_range || parsed < min || parsed > max) {
          return "must be " + range + ", not " + value;
        }
        return std::string();
      },
      "");
}

// For a file or directory name: an empty one (`--output ''`) would silently mean the option
// was not given.
inline CLI::Validator NonEmptyPath() {
  return CLI::Validator(
      [](const std::string& value) {
        return value.empty() ? std::string("must name a file, not be empty") : std::string();
      },
      "");
}

// For an amount of time read into a double: between 0 and `max` `unit`s, and a number: "nan"
// compares false with every bound, so CLI::Range lets it through.
inline CLI::Validator TimeAmount(double max, const std::string& unit) {
  return CLI::Validator(
      [max, unit](const std::string& value) {
        double parsed = 0;
        if (!CLI::detail::lexical_cast(value, parsed)) return std::string("must be a number");
        if (!std::isfinite(parsed) || parsed < 0 || parsed > max) {
          char bound[32];
          std::snprintf(bound, sizeof bound, "%.0f", max);
          return "must be a finite number of " + unit + " from 0 to " + bound;
        }
        return std::string();
      },
      "");
}

// For a number of seconds (e.g. --timeout).
inline CLI::Validator Seconds(double max) { return TimeAmount(max, "seconds"); }
// For a number of minutes (e.g. --checkpoint-every).
inline CLI::Validator Minutes(double max) { return TimeAmount(max, "minutes"); }

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_FLAG_CHECKS_H_
