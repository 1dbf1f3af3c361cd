// libFuzzer target: the front end (lexer, parser, type checker) and the compiler of the
// runtime on arbitrary text. Any input must end in a model or in located errors: a crash, a
// sanitizer report, a hang or a runaway allocation is a finding. Built by scripts/fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <string>

#include "model/model.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  (void)rulecheck::model::LoadModelFromText("fuzz.rules", text, {});
  return 0;
}
