/**
 * Tiers 2 and 3: flow fields. {@link org.onepath.grids.flow.FlowField} runs one Dijkstra wave
 * from a goal set and gives every reached cell its cost, next cell and direction, for many
 * agents at once; it repairs itself incrementally after edits. It is the engine of
 * {@link org.onepath.GridFlowField}; {@code docs/flow.md} describes it.
 */
package org.onepath.grids.flow;
