// The comparisons of both_ways.h.
#include "tests/native/both_ways.h"

#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
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

// What an expander reports for one state: its successors and failures, in order. Kept as
// values and compared field by field (a model with a wide fan-out and long trails makes
// millions of them); written out as text only for a difference.
class Transcript final : public ir::SuccessorSink {
 public:
  struct Entry {
    bool failure = false;
    std::vector<uint32_t> words;   // a successor's
    ir::StepFailure::Kind kind{};  // a failure's kind, location and message
    ir::Location loc;
    std::string message;
    ir::Move move;
  };

  explicit Transcript(uint32_t words) : words_(words) {}
  void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
    entries.push_back({false, std::vector<uint32_t>(state, state + words_), {}, {}, {}, move});
  }
  void OnFailure(const ir::StepFailure& failure) override {
    entries.push_back({true, {}, failure.kind, failure.loc, failure.message, failure.move});
  }

  // The first difference between `a` and `b` as text; empty when they are the same.
  static std::string Difference(const Transcript& a, const Transcript& b) {
    for (size_t i = 0; i < a.entries.size() || i < b.entries.size(); ++i) {
      const std::string x = i < a.entries.size() ? Text(a.entries[i]) : "(nothing)";
      const std::string y = i < b.entries.size() ? Text(b.entries[i]) : "(nothing)";
      if (x != y) return absl::StrCat("entry ", i, ":\n  expected ", x, "\n  actual   ", y);
    }
    return "";
  }
  // Whether the two are the same, without writing text.
  static bool Same(const Transcript& a, const Transcript& b) {
    if (a.entries.size() != b.entries.size()) return false;
    for (size_t i = 0; i < a.entries.size(); ++i) {
      const Entry& x = a.entries[i];
      const Entry& y = b.entries[i];
      if (x.failure != y.failure || x.words != y.words || x.kind != y.kind ||
          x.loc.line != y.loc.line || x.loc.column != y.loc.column || x.message != y.message ||
          !SameMove(x.move, y.move)) {
        return false;
      }
    }
    return true;
  }

  std::vector<Entry> entries;

 private:
  static std::string TypeName(const ir::Type* type) {
    return type != nullptr ? type->ToString() : "-";
  }
  static bool SameType(const ir::Type* a, const ir::Type* b) {
    return a == b || TypeName(a) == TypeName(b);
  }
  static bool SameMove(const ir::Move& a, const ir::Move& b) {
    if (a.kind != b.kind || a.index != b.index || a.args != b.args || a.player != b.player ||
        !SameType(a.player_type, b.player_type) || a.trail != b.trail ||
        a.choices.size() != b.choices.size()) {
      return false;
    }
    for (size_t i = 0; i < a.choices.size(); ++i) {
      const ir::Choice& x = a.choices[i];
      const ir::Choice& y = b.choices[i];
      if (x.kind != y.kind || x.name != y.name || !SameType(x.type, y.type) || x.value != y.value ||
          x.words != y.words || x.position != y.position || x.loc.line != y.loc.line ||
          x.loc.column != y.loc.column || x.weight != y.weight || x.total != y.total) {
        return false;
      }
    }
    return true;
  }
  static std::string Text(const Entry& entry) {
    std::string line;
    if (entry.failure) {
      line = absl::StrCat("failure ", static_cast<int>(entry.kind), " ", entry.loc.line, ":",
                          entry.loc.column, " ", entry.message);
    } else {
      line = absl::StrCat("successor ", absl::StrJoin(entry.words, " "));
    }
    const ir::Move& move = entry.move;
    absl::StrAppend(&line, " | move ", static_cast<int>(move.kind), " ", move.index, " (",
                    absl::StrJoin(move.args, ","), ") player ", move.player, " of ",
                    TypeName(move.player_type), " choices");
    for (const ir::Choice& c : move.choices) {
      absl::StrAppend(&line, " [", static_cast<int>(c.kind), " ", c.name, ": ", TypeName(c.type),
                      " = ", c.value, " #", c.position, " at ", c.loc.line, ":", c.loc.column);
      absl::StrAppend(&line, " weight ", c.weight, "/", c.total, " words ",
                      absl::StrJoin(c.words, " "), "]");
    }
    absl::StrAppend(&line, " trail ", absl::StrJoin(move.trail, " "));
    return line;
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
        ASSERT_TRUE(Transcript::Same(expected, actual))
            << "state " << id << ", " << Transcript::Difference(expected, actual);
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
