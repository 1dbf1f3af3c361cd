// The record of a search's transitions (see edge_recorder.h).
#include "explorer/edge_recorder.h"

#include <algorithm>
#include <cassert>
#include <utility>

namespace rulecheck::explorer {

namespace {
constexpr uint32_t kNotNumbered = ~uint32_t{0};
}  // namespace

EdgeRecorder::EdgeRecorder(MemoryBudget* budget)
    : map_charge_(budget), edge_start_(budget), target_(budget) {
  if (!edge_start_.push_back(0)) Drop();
}

template <typename T>
bool EdgeRecorder::Reserve(ChargedVector<T>& v, size_t n) {
  if (dropped()) return false;
  // Grows by doubling, and only when `n` does not fit: asking for twice the size every level
  // moved the whole record once a level (quadratic on a game thousands of levels deep).
  if (n <= v.items().capacity()) return true;
  if (v.Reserve(std::max(n, 2 * v.size())) || v.Reserve(n)) return true;
  Drop();
  return false;
}

void EdgeRecorder::FreeIfDropped(std::vector<ChunkLog>& logs) {
  if (!dropped()) return;
  std::vector<uint32_t>().swap(ordinal_of_id_);
  map_charge_.Set(0);
  edge_start_.Free();
  target_.Free();
  for (ChunkLog& log : logs) log.edges.Free();
}

void EdgeRecorder::Number(const std::vector<uint32_t>& level, uint64_t first, uint64_t id_bound) {
  if (dropped()) return;
  if (ordinal_of_id_.size() < id_bound) {
    if (!map_charge_.Set(id_bound * sizeof(uint32_t))) return Drop();
    ordinal_of_id_.resize(id_bound, kNotNumbered);
  }
  for (uint64_t p = 0; p < level.size(); ++p) {
    ordinal_of_id_[level[p]] = static_cast<uint32_t>(first + p);
  }
}

void EdgeRecorder::Renumber(const std::vector<std::vector<uint32_t>>& levels, uint64_t id_bound) {
  if (dropped()) return;
  // The old map is given back before the new one is charged.
  std::vector<uint32_t>().swap(ordinal_of_id_);
  map_charge_.Set(0);
  uint64_t first = 0;
  for (const std::vector<uint32_t>& level : levels) {
    Number(level, first, id_bound);
    first += level.size();
  }
}

void EdgeRecorder::AddLevel(std::vector<ChunkLog>& logs) {
  uint64_t states = 0, edges = 0;
  for (const ChunkLog& log : logs) {
    states += log.successors.size();
    edges += log.edges.size();
  }
  if (!Reserve(edge_start_, edge_start_.size() + states) ||
      !Reserve(target_, target_.size() + edges)) {
    return;
  }
  for (ChunkLog& log : logs) {
    const uint32_t* id = log.edges.items().data();
    for (uint32_t count : log.successors) {
      for (uint32_t k = 0; k < count; ++k, ++id) {
        assert(*id < ordinal_of_id_.size() && ordinal_of_id_[*id] != kNotNumbered);
        target_.push_back(ordinal_of_id_[*id]);
      }
      edge_start_.push_back(target_.size());
    }
    log.edges.clear();
  }
}

std::optional<RecordedEdges> EdgeRecorder::Finish() {
  std::vector<uint32_t>().swap(ordinal_of_id_);
  map_charge_.Set(0);
  if (dropped()) return std::nullopt;
  RecordedEdges record;
  record.charge = MemoryCharge(map_charge_.budget());
  record.edge_start = edge_start_.Take(record.charge);
  record.target = target_.Take(record.charge);
  return record;
}

}  // namespace rulecheck::explorer
