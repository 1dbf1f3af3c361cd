// libFuzzer target: everything after the front end, on the inputs that load. A model that
// type-checks is explored (a few hundred states, one thread) with every check and analysis
// on, so the successor generator, the properties and the analyses see whatever the fuzzer
// makes of the seed models. Built by scripts/fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "model/model.h"
#include "properties/property.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<std::unique_ptr<rulecheck::model::Model>> model =
      rulecheck::model::LoadModelFromText("fuzz.rules", text, {});
  if (!model.ok()) return 0;
  rulecheck::properties::CheckOptions options;
  options.explore.threads = 1;
  options.explore.max_states = 300;
  options.explore.memory_bytes = uint64_t{64} << 20;
  options.coverage = true;
  (void)rulecheck::properties::Check(**model, options);
  return 0;
}
