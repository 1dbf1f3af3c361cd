// Helpers for explorer tests: load a game and explore it, keeping each level's states (as
// words, in canonical order) for comparing runs. (A model from text: tests/shared/load_model.h.)
#ifndef RULECHECK_TESTS_EXPLORER_EXPLORE_TEST_UTIL_H_
#define RULECHECK_TESTS_EXPLORER_EXPLORE_TEST_UTIL_H_

#include <memory>
#include <string>
#include <vector>

#include "explorer/explorer.h"
#include "model/model.h"

namespace rulecheck::explorer {

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
