// Helpers for explorer tests (see explore_test_util.h).
#include "tests/explorer/explore_test_util.h"

#include <gtest/gtest.h>

#include "model/model_state_space.h"

namespace rulecheck::explorer {

std::unique_ptr<model::Model> LoadGame(const std::string& name,
                                       const std::vector<front::ConstOverride>& overrides) {
  absl::StatusOr<std::unique_ptr<model::Model>> model =
      model::LoadModel(std::string(RULECHECK_SOURCE_DIR) + "/games/" + name, overrides);
  EXPECT_TRUE(model.ok()) << model.status().message();
  return model.ok() ? std::move(*model) : nullptr;
}

ExploreSummary ExploreAndCollect(const model::Model& model, const ExploreOptions& options) {
  const model::ModelStateSpace space(model);
  Exploration exploration = Explore(space, {}, options);
  ExploreSummary summary;
  summary.stats = exploration.stats();
  for (int d = 0; d < exploration.level_count(); ++d) {
    summary.levels.emplace_back();
    for (uint32_t id : exploration.Level(d)) {
      summary.levels.back().push_back(exploration.StateWords(id));
    }
  }
  return summary;
}

}  // namespace rulecheck::explorer
