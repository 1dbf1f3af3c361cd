// Loading a rules text in a unit test: one helper for the tests of every stage from model/ on.
#ifndef RULECHECK_TESTS_SHARED_LOAD_MODEL_H_
#define RULECHECK_TESTS_SHARED_LOAD_MODEL_H_

#include <memory>
#include <string>

#include "gtest/gtest.h"
#include "model/model.h"

namespace rulecheck::test_models {

// The model of the rules `text` (as t.rules); a text that does not load is a test failure,
// and gives nullptr.
inline std::unique_ptr<model::Model> LoadTestModel(const std::string& text) {
  auto model = model::LoadModelFromText("t.rules", text, {});
  EXPECT_TRUE(model.ok()) << model.status();
  return model.ok() ? std::move(*model) : nullptr;
}

}  // namespace rulecheck::test_models

#endif  // RULECHECK_TESTS_SHARED_LOAD_MODEL_H_
