/**
 * OnePath mapped stores: baked grids (cells and the engine's precomputed tables) and voxel
 * worlds in one checked file format ({@code docs/formats/store-v1.md}), opened by mapping the
 * file so the engine reads the file's bytes in place.
 */
module org.onepath.store {
    requires transitive org.onepath.core;

    exports org.onepath.store;
}
