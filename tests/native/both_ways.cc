// The comparisons of both_ways.h.
#include "tests/native/both_ways.h"

#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <vector>

#include "explorer/explorer.h"
#include "model/model_state_space.h"
#include "model/successors.h"
#include "native/native.h"
#include "properties/property.h"
#include "reports/report.h"

namespace rulecheck::native {

using nlohmann::json;

std::string TestCacheDir() { return testing::TempDir() + "rulecheck-native-test-cache"; }

json Report(const model::Model& model, const ir::StateSpace* space, uint64_t max_states) {
  properties::CheckOptions options;
  options.space = space;
  options.explore.threads = 1;
  options.explore.max_states = max_states;
  options.explore.memory_bytes = uint64_t{1} << 30;
  const properties::CheckResult result = properties::Check(model, options);
  std::ostringstream out;
  reports::WriteReport(reports::Format::kJson, model, result, out);
  json report = json::parse(out.str());
  for (const char* key : {"seconds", "threads", "store_bytes", "memory_budget", "engine"}) {
    report.erase(key);
  }
  return report;
}

namespace {

// What an expander reports for one state, as text.
class Transcript final : public ir::SuccessorSink {
 public:
  explicit Transcript(uint32_t words) : words_(words) {}
  void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
    std::ostringstream line;
    line << "successor";
    for (uint32_t i = 0; i < words_; ++i) line << " " << state[i];
    Describe(move, line);
    lines.push_back(line.str());
  }
  void OnFailure(const ir::StepFailure& failure) override {
    std::ostringstream line;
    line << "failure " << static_cast<int>(failure.kind) << " " << failure.loc.line << ":"
         << failure.loc.column << " " << failure.message;
    Describe(failure.move, line);
    lines.push_back(line.str());
  }
  std::vector<std::string> lines;

 private:
  static void Describe(const ir::Move& move, std::ostringstream& line) {
    line << " | move " << static_cast<int>(move.kind) << " " << move.index << " (";
    for (int64_t arg : move.args) line << arg << ",";
    line << ") player " << move.player << " of "
         << (move.player_type != nullptr ? move.player_type->ToString() : "-") << " choices";
    for (const ir::Choice& c : move.choices) {
      line << " [" << static_cast<int>(c.kind) << " " << c.name << ": "
           << (c.type != nullptr ? c.type->ToString() : "-") << " = " << c.value << " #"
           << c.position << " at " << c.loc.line << ":" << c.loc.column << " weight " << c.weight
           << "/" << c.total << " words " << c.words.size() << "]";
    }
    line << " trail";
    for (uint32_t id : move.trail) line << " " << id;
  }
  uint32_t words_;
};

// Each invariant's and reachable property's value in `state`, where the compiled evaluator
// gives one: the interpreter's, without a model error (where the interpreter meets one, the
// compiled evaluator must leave it to it).
void ComparePropertyValues(const model::Model& model, ir::PropertyEvaluator& evaluator,
                           model::SuccessorGenerator& generator, const uint32_t* state) {
  int index = 0;
  for (const std::vector<ir::Property>* list :
       {&model.program.invariants, &model.program.reachables}) {
    for (const ir::Property& property : *list) {
      const model::PropertyValue expected = generator.Evaluate(property, state);
      int64_t value = 0;
      if (evaluator.Evaluate(index, state, &value)) {
        EXPECT_TRUE(expected.ok) << property.name << ": " << expected.failure.message;
        EXPECT_EQ(value, expected.value) << property.name;
      }
      ++index;
    }
  }
}

// Compares the two expanders in every state of the interpreter's search, without and with
// trails, and the compiled property values.
void CompareStates(const model::Model& model, const ir::StateSpace& compiled, uint64_t max_states) {
  const model::ModelStateSpace interpreted(model);
  explorer::ExploreOptions options;
  options.threads = 1;
  options.max_states = max_states;
  options.memory_bytes = uint64_t{1} << 30;
  const explorer::Exploration exploration = explorer::Explore(interpreted, {}, options);
  const std::unique_ptr<ir::PropertyEvaluator> evaluator = compiled.NewPropertyEvaluator();
  ASSERT_NE(evaluator, nullptr);
  model::SuccessorGenerator generator(model);
  for (const bool record_trail : {false, true}) {
    std::unique_ptr<ir::Expander> reference = interpreted.NewExpander(record_trail);
    std::unique_ptr<ir::Expander> candidate = compiled.NewExpander(record_trail);
    uint64_t compared = 0;
    for (int depth = 0; depth < exploration.level_count(); ++depth) {
      for (uint32_t id : exploration.Level(depth)) {
        const std::vector<uint32_t> words = exploration.StateWords(id);
        ir::StepFailure expected_failure, actual_failure;
        const bool expected_terminal = reference->IsTerminal(words.data(), &expected_failure);
        const bool actual_terminal = candidate->IsTerminal(words.data(), &actual_failure);
        ASSERT_EQ(expected_terminal, actual_terminal) << "state " << id;
        ASSERT_EQ(expected_failure.message, actual_failure.message) << "state " << id;
        Transcript expected(model.layout.words()), actual(model.layout.words());
        reference->Successors(words.data(), expected);
        candidate->Successors(words.data(), actual);
        ASSERT_EQ(expected.lines, actual.lines) << "state " << id;
        ComparePropertyValues(model, *evaluator, generator, words.data());
        ++compared;
      }
    }
    EXPECT_EQ(compared, exploration.stats().states);
  }
}

}  // namespace

bool RunBothWays(const model::Model& model, uint64_t max_states, std::string& why) {
  absl::StatusOr<CompiledModel> compiled = CompileModel(model, {TestCacheDir()});
  if (!compiled.ok()) {
    EXPECT_EQ(compiled.status().code(), absl::StatusCode::kUnimplemented) << compiled.status();
    why = std::string(compiled.status().message());
    return false;
  }
  EXPECT_EQ(Report(model, nullptr, max_states), Report(model, compiled->space.get(), max_states))
      << model.source->path();
  CompareStates(model, *compiled->space, max_states);
  return true;
}

}  // namespace rulecheck::native
