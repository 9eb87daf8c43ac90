/**
 * Tier 1: memory-mapped stores (format {@code docs/formats/store-v1.md}).
 * {@link org.onepath.store.GridStore} holds a square grid baked with its precomputed tables
 * (cells, clearance, block map, JPS+ tables); {@link org.onepath.store.VoxelWorldStore} a voxel
 * world with its uniform chunks elided. A store is one checked file, written atomically and
 * mapped on open, so opening takes the same time at any size, queries read only the pages they
 * touch and processes share one copy. Every defect in a file surfaces as an exception naming
 * the field, its value and what was expected. {@code docs/stores.md} describes them.
 */
package org.onepath.store;
