// Helpers for explorer tests: load a model from text and explore it, keeping each level's
// states (as words, in canonical order) for comparing runs.
#ifndef RULECHECK_TESTS_EXPLORER_EXPLORE_TEST_UTIL_H_
#define RULECHECK_TESTS_EXPLORER_EXPLORE_TEST_UTIL_H_

#include <memory>
#include <string>
#include <vector>

#include "explorer/explorer.h"
#include "model/model.h"

namespace rulecheck::explorer {

// The model in `text`, or a test failure (and null) when it does not load.
std::unique_ptr<model::Model> LoadForTest(const std::string& text);
// The model in games/`name` of the source tree, with `overrides` of its constants.
std::unique_ptr<model::Model> LoadGame(const std::string& name,
                                       const std::vector<front::ConstOverride>& overrides = {});

struct ExploreSummary {
  ExplorationStats stats;
  std::vector<std::vector<std::vector<uint32_t>>> levels;  // [depth][pos] -> words
};

// Explores with no observers and collects every level's states in canonical order.
ExploreSummary ExploreAndCollect(const model::Model& model, const ExploreOptions& options);

}  // namespace rulecheck::explorer

#endif  // RULECHECK_TESTS_EXPLORER_EXPLORE_TEST_UTIL_H_
