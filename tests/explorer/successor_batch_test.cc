// The successor batch (explorer/successor_batch.h): states come back from Intern in the order
// they were added, each with its caller's tag; a full store or an on_put that stops ends the
// batch at a known tag; the batch fills by the bytes its states take.
#include "explorer/successor_batch.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "explorer/state_store.h"

namespace rulecheck::explorer {
namespace {

TEST(SuccessorBatchTest, PutsComeBackInOrderWithTheirTags) {
  StateStore store(1, 64, 0);
  SuccessorBatch batch(1);
  // Three parents (tags 10, 11, 12); state 7 is reached twice.
  const std::vector<std::pair<uint32_t, uint64_t>> added = {{7, 10}, {8, 10}, {7, 11}, {9, 12}};
  for (const auto& [word, tag] : added) batch.Add(&word, tag, store);
  EXPECT_EQ(batch.count(), 4u);
  EXPECT_EQ(batch.first_tag(), 10u);
  std::vector<uint64_t> stored_ids, tags;
  std::vector<bool> inserted;
  const Interned outcome = batch.Intern(
      store, nullptr, [&](const StateStore::PutResult& put) { stored_ids.push_back(put.id); },
      [&](const StateStore::PutResult& put, uint64_t tag) {
        tags.push_back(tag);
        inserted.push_back(put.inserted);
        return true;
      });
  EXPECT_EQ(outcome, Interned::kAll);
  EXPECT_EQ(batch.count(), 0u);
  EXPECT_EQ(tags, (std::vector<uint64_t>{10, 10, 11, 12}));
  EXPECT_EQ(inserted, (std::vector<bool>{true, true, false, true}));
  ASSERT_EQ(stored_ids.size(), 4u);
  EXPECT_EQ(stored_ids[0], stored_ids[2]);  // the same state, the same id
  StateStore::StateId id = 0;
  ASSERT_TRUE(store.Find({9}, id));
  EXPECT_EQ(id, stored_ids[3]);
}

// A store of one cache line (8 slots) takes 8 states; the ninth, the first of parent 4, finds
// no room: the puts before it are all reported, the rest are not stored.
TEST(SuccessorBatchTest, AFullStoreStopsAtTheStateWithoutRoom) {
  StateStore store(1, 8, 0);
  SuccessorBatch batch(1);
  for (uint32_t word = 0; word < 12; ++word) batch.Add(&word, word / 2, store);
  int reported = 0;
  const Interned outcome =
      batch.Intern(store, nullptr, [&](const StateStore::PutResult&, uint64_t) {
        ++reported;
        return true;
      });
  EXPECT_EQ(outcome, Interned::kStoreFull);
  EXPECT_EQ(reported, 8);
  EXPECT_EQ(batch.stopped_tag(), 4u);
  StateStore::StateId id = 0;
  EXPECT_FALSE(store.Find({9}, id));
}

// An on_put that stops (the budget had no room for its record): the states after it are
// stored but not reported.
TEST(SuccessorBatchTest, AnOnPutThatStopsEndsTheReports) {
  StateStore store(1, 64, 0);
  SuccessorBatch batch(1);
  for (uint32_t word = 0; word < 6; ++word) batch.Add(&word, 100 + word, store);
  std::vector<uint64_t> tags;
  const Interned outcome =
      batch.Intern(store, nullptr, [&](const StateStore::PutResult&, uint64_t tag) {
        tags.push_back(tag);
        return tag != 103;
      });
  EXPECT_EQ(outcome, Interned::kStopped);
  EXPECT_EQ(tags, (std::vector<uint64_t>{100, 101, 102, 103}));
  EXPECT_EQ(batch.stopped_tag(), 103u);
  StateStore::StateId id = 0;
  EXPECT_TRUE(store.Find({5}, id));
}

// A one-word state takes its 4 bytes, an 8-byte tag, an 8-byte hash and a 16-byte put result:
// 36 bytes, so a batch of 100 bytes is full with 2 states (a third would make 108). A state
// wider than the batch still fits alone.
TEST(SuccessorBatchTest, FillsByTheBytesItsStatesTake) {
  ASSERT_EQ(sizeof(StateStore::PutResult), 16u);
  StateStore store(1, 64, 0);
  SuccessorBatch batch(1, 100);
  for (uint32_t word = 0; word < 2; ++word) {
    EXPECT_FALSE(batch.full());
    batch.Add(&word, 0, store);
  }
  EXPECT_TRUE(batch.full());
  EXPECT_EQ(SuccessorBatch::MaxBytes(1, 100), 100u + 16u);
  EXPECT_EQ(SuccessorBatch::MaxBytes(40, 100), 40u * 4 + 8 + 8 + 16 + 40u * 16);

  StateStore wide(40, 64, 64);
  SuccessorBatch one(40, 100);
  const std::vector<uint32_t> state(40, 1);
  EXPECT_FALSE(one.full());
  one.Add(state.data(), 0, wide);
  EXPECT_TRUE(one.full());
}

}  // namespace
}  // namespace rulecheck::explorer
