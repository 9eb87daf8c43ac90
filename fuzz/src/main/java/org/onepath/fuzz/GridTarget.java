package org.onepath.fuzz;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.onepath.Grid;
import org.onepath.state.OnePathFormatException;

/**
 * {@code grid}: {@link Grid#fromState(byte[])}, then {@link Grid#restoreState(byte[])} into a
 * grid of the input's size (one kept per seed size; any other size goes to the first seed's, where
 * the size check rejects it). A rejected restore must leave that grid unchanged: its
 * {@code saveState()} bytes equal those before.
 */
public final class GridTarget implements Target {
    /** Offsets of width and height: after the 8-byte header. */
    private static final int WIDTH_AT = 8;

    private static final int HEIGHT_AT = 12;

    private final List<byte[]> seeds;
    private final Map<Long, Grid> grids = new LinkedHashMap<>();
    private final Grid fallback;

    public GridTarget() {
        this(Corpus.load("grid"));
    }

    /** A target over these seeds (their sizes decide the grids restored into). */
    public GridTarget(List<byte[]> seeds) {
        this.seeds = List.copyOf(seeds);
        for (byte[] seed : this.seeds) {
            int w = Bytes.i32(seed, WIDTH_AT, 16);
            int h = Bytes.i32(seed, HEIGHT_AT, 12);
            grids.computeIfAbsent(key(w, h), k -> Grid.create(w, h));
        }
        if (grids.isEmpty()) {
            grids.put(key(16, 12), Grid.create(16, 12));
        }
        this.fallback = grids.values().iterator().next();
    }

    @Override
    public String name() {
        return "grid";
    }

    @Override
    public List<byte[]> seeds() {
        return seeds;
    }

    @Override
    public void run(byte[] input) {
        OnePathFormatException rejected = null;
        try (Grid made = Grid.fromState(input)) {
            made.saveState();
        } catch (OnePathFormatException e) {
            rejected = e;
        }
        Grid into = grids.getOrDefault(key(Bytes.i32(input, WIDTH_AT, -1), Bytes.i32(input, HEIGHT_AT, -1)), fallback);
        try {
            RestoreChecks.restoreOrUnchanged("the " + into.width() + " x " + into.height() + " grid", into, input);
        } catch (OnePathFormatException e) {
            throw rejected != null ? rejected : e;
        }
        if (rejected != null) {
            throw rejected;
        }
    }

    @Override
    public void close() {
        grids.values().forEach(Grid::close);
    }

    private static long key(int w, int h) {
        return (long) w << 32 | (h & 0xFFFFFFFFL);
    }
}
