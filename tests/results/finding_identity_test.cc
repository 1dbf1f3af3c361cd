// Tests for results/finding_identity.h: a finding's key leaves out its line numbers (its
// location, and `line N` in a message), keeps what tells findings of one rule apart (the text
// of their lines), and ids are the kind and the FNV-1a hash of the key, numbered on repeats.
#include "results/finding_identity.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace rulecheck::results {
namespace {

Finding Make(FindingKind kind, std::string name, std::string message, int line) {
  Finding finding;
  finding.kind = kind;
  finding.name = std::move(name);
  finding.message = std::move(message);
  finding.file = "game.rules";
  finding.location = {line, 3};
  return finding;
}

TEST(FindingIdentityTest, TheLineOfAFindingIsNotPartOfItsKey) {
  const Finding here = Make(FindingKind::kInvariant, "small", "invariant small is violated", 4);
  const Finding there = Make(FindingKind::kInvariant, "small", "invariant small is violated", 9);
  EXPECT_EQ(FindingKey(here, "invariant small: n < 2"),
            FindingKey(there, "invariant small: n < 2"));
  // Kind and name are: another invariant, or a witness of the same name, is another finding.
  EXPECT_NE(FindingKey(here, ""),
            FindingKey(Make(FindingKind::kInvariant, "tiny", "invariant tiny is violated", 4), ""));
  EXPECT_NE(FindingKey(here, ""),
            FindingKey(Make(FindingKind::kWitness, "small", "reachable small holds", 4), ""));
}

TEST(FindingIdentityTest, AssertsOfOneRuleAreToldApartByTheirLines) {
  const Finding first = Make(FindingKind::kAssert, "action play", "assert failed in play: x", 5);
  const Finding moved = Make(FindingKind::kAssert, "action play", "assert failed in play: x", 8);
  // Indentation does not count; the statement's text does.
  EXPECT_EQ(FindingKey(first, "  assert n != 1, \"x\""),
            FindingKey(moved, "assert n != 1, \"x\"\t"));
  EXPECT_NE(FindingKey(first, "assert n != 1, \"x\""), FindingKey(first, "assert n != 2, \"x\""));
}

TEST(FindingIdentityTest, LineNumbersInAMessageDoNotCount) {
  const Finding before = Make(FindingKind::kDeadBranch, "action play",
                              "the `if` branch at line 27 of action play is never taken", 27);
  const Finding after = Make(FindingKind::kDeadBranch, "action play",
                             "the `if` branch at line 31 of action play is never taken", 31);
  EXPECT_EQ(FindingKey(before, "if c.power > 3 {"), FindingKey(after, "if c.power > 3 {"));
  const Finding other = Make(FindingKind::kDeadBranch, "action play",
                             "the `else` branch at line 29 of action play is never taken", 29);
  EXPECT_NE(FindingKey(before, "if c.power > 3 {"), FindingKey(other, "} else {"));
}

TEST(FindingIdentityTest, AChainThatOverflowsIsNotTheSameAsACycle) {
  Finding cycle = Make(FindingKind::kReactionChain, "dog, cat", "infinite reaction chain", 3);
  cycle.chain = "forced";
  Finding optional = cycle;
  optional.chain = "optional";
  Finding overflow = cycle;
  overflow.chain = "overflow";
  EXPECT_EQ(FindingKey(cycle, ""), FindingKey(optional, ""));
  EXPECT_NE(FindingKey(cycle, ""), FindingKey(overflow, ""));
}

// FNV-1a 64 test vectors: "a" -> af63dc4c8601ec8c, "foobar" -> 85944171f73967e8. A key's
// kind is what comes before the first unit separator (here the whole key).
TEST(FindingIdentityTest, IdsAreTheKindAndTheHashNumberedOnRepeats) {
  EXPECT_EQ(FindingIds({"a", "foobar", "a", "a"}),
            (std::vector<std::string>{"a:af63dc4c8601ec8c", "foobar:85944171f73967e8",
                                      "a:af63dc4c8601ec8c#2", "a:af63dc4c8601ec8c#3"}));
  const std::string key = FindingKey(Make(FindingKind::kDeadlock, "deadlock", "deadlock", 0), "");
  EXPECT_EQ(FindingIds({key})[0].substr(0, 9), "deadlock:");
  EXPECT_EQ(FindingIds({key})[0].size(), 9u + 16u);
}

}  // namespace
}  // namespace rulecheck::results
