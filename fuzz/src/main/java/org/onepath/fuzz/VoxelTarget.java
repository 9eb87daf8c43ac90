package org.onepath.fuzz;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.onepath.VoxelGrid;
import org.onepath.state.OnePathFormatException;

/**
 * {@code voxel}: {@link VoxelGrid#fromState(byte[])}, then {@link VoxelGrid#restoreState(byte[])}
 * into a voxel grid of the input's size and default area (one kept per seed shape; any other goes
 * to the first seed's, where the shape check rejects it). A rejected restore must leave that grid
 * unchanged: its {@code saveState()} bytes equal those before.
 */
public final class VoxelTarget implements Target {
    /** Offsets of sizeX, sizeY, sizeZ and the u8 default area: after the 8-byte header. */
    private static final int SIZE_X_AT = 8;

    private static final int SIZE_Y_AT = 12;
    private static final int SIZE_Z_AT = 16;
    private static final int DEFAULT_AREA_AT = 20;

    private record Shape(int sx, int sy, int sz, int defaultArea) {
        static Shape of(byte[] b) {
            return new Shape(
                    Bytes.i32(b, SIZE_X_AT, -1),
                    Bytes.i32(b, SIZE_Y_AT, -1),
                    Bytes.i32(b, SIZE_Z_AT, -1),
                    Bytes.u8(b, DEFAULT_AREA_AT, -1));
        }

        boolean valid() {
            return sx > 0 && sy > 0 && sz > 0 && (long) sx * sy * sz <= 1 << 20 && defaultArea >= 0;
        }
    }

    private final List<byte[]> seeds;
    private final Map<Shape, VoxelGrid> grids = new LinkedHashMap<>();
    private final VoxelGrid fallback;

    public VoxelTarget() {
        this(Corpus.load("voxel"));
    }

    /** A target over these seeds (their shapes decide the voxel grids restored into). */
    public VoxelTarget(List<byte[]> seeds) {
        this.seeds = List.copyOf(seeds);
        for (byte[] seed : this.seeds) {
            Shape s = Shape.of(seed);
            if (s.valid()) {
                grids.computeIfAbsent(s, k -> VoxelGrid.create(k.sx, k.sy, k.sz, k.defaultArea));
            }
        }
        if (grids.isEmpty()) {
            grids.put(new Shape(20, 18, 6, 0), VoxelGrid.create(20, 18, 6));
        }
        this.fallback = grids.values().iterator().next();
    }

    @Override
    public String name() {
        return "voxel";
    }

    @Override
    public List<byte[]> seeds() {
        return seeds;
    }

    @Override
    public void run(byte[] input) {
        OnePathFormatException rejected = null;
        try (VoxelGrid made = VoxelGrid.fromState(input)) {
            made.saveState();
        } catch (OnePathFormatException e) {
            rejected = e;
        }
        VoxelGrid into = grids.getOrDefault(Shape.of(input), fallback);
        try {
            RestoreChecks.restoreOrUnchanged("the " + into, into, input);
        } catch (OnePathFormatException e) {
            throw rejected != null ? rejected : e;
        }
        if (rejected != null) {
            throw rejected;
        }
    }

    @Override
    public void close() {
        grids.values().forEach(VoxelGrid::close);
    }
}
