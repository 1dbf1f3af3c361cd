// Internal to properties/. The strongly connected components of a graph given by its edges,
// for the analyses that look for cycles (cycle_check.h, end_components.h): one place that
// hands them to Boost.Graph's Tarjan-based strong_components over a compressed sparse row
// graph (8 bytes a node and 4 an edge).
#ifndef RULECHECK_PROPERTIES_STRONG_COMPONENTS_H_
#define RULECHECK_PROPERTIES_STRONG_COMPONENTS_H_

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace rulecheck::properties {

// The components of the graph on nodes 0..n-1 with `edges` (source, target), sorted by source:
// `component[u]` is node u's, numbered from 0 (every edge leaves a component for one with a
// smaller number, or stays in it). Returns their count. Deterministic.
int StrongComponents(size_t n, const std::vector<std::pair<uint32_t, uint32_t>>& edges,
                     std::vector<int>& component);

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_STRONG_COMPONENTS_H_
