/**
 * Tier 3: the cell stores every engine reads. {@link org.onepath.cells.CellStore} with
 * {@link org.onepath.cells.SquareCells} and {@link org.onepath.cells.HexCells} (one byte per
 * cell: area 0..254, 255 the wall; area cost multipliers, versions, change listeners,
 * clearance, rectangle edits), {@link org.onepath.cells.GridMath}, coordinates
 * ({@link org.onepath.cells.Cell}, {@link org.onepath.cells.HexCoord},
 * {@link org.onepath.cells.HexLayout}), the hooks a query takes
 * ({@link org.onepath.cells.CellStepCost}, {@link org.onepath.cells.CellBlocker} and their
 * voxel forms), {@link org.onepath.cells.ContentHash} and the small shared types such as
 * {@link org.onepath.cells.PathStatus}. Engines take these types, never the tier-1 facades.
 */
package org.onepath.cells;
