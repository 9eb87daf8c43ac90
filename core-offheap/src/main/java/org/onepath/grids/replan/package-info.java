/**
 * Tiers 2 and 3: incremental replanning. {@link org.onepath.grids.replan.ReplanSearch} runs
 * LPA* or D* Lite ({@link org.onepath.grids.replan.ReplanMode}) over
 * {@link org.onepath.grids.replan.ReplanOpenSet} and repairs its path after edits instead of
 * searching again; it is the engine of {@link org.onepath.GridReplanner} and
 * {@link org.onepath.HexReplanner}. {@code docs/replanning.md} describes it.
 */
package org.onepath.grids.replan;
