/**
 * The byte layouts of every record the engines keep in a segment or write to a file (tier 3,
 * internal): offsets, sizes, value layouts and a ruler diagram per record, read by the hot loops
 * through these constants and nowhere else. The cells' own layout is
 * {@link org.onepath.cells.GridCellsLayout}. Exported only to the store, which maps the persisted
 * ones (block map, JPS+ table, neighbour bytes, voxel chunks) in place.
 */
package org.onepath.layout;
