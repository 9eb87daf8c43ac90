package org.onepath.grids.voxel;

import static org.onepath.layout.VoxelBitRowsLayout.CHUNKS_PER_WORD;
import static org.onepath.layout.VoxelBitRowsLayout.CODE;
import static org.onepath.layout.VoxelBitRowsLayout.CODE_BYTES;
import static org.onepath.layout.VoxelBitRowsLayout.FIRST_STORED;
import static org.onepath.layout.VoxelBitRowsLayout.NOT_BUILT;
import static org.onepath.layout.VoxelBitRowsLayout.OPEN;
import static org.onepath.layout.VoxelBitRowsLayout.SOLID;
import static org.onepath.layout.VoxelBitRowsLayout.TILE_BYTES;
import static org.onepath.layout.VoxelBitRowsLayout.TILE_MASK;
import static org.onepath.layout.VoxelBitRowsLayout.TILE_SHIFT;
import static org.onepath.layout.VoxelBitRowsLayout.WORD;
import static org.onepath.layout.VoxelBitRowsLayout.WORD_BYTES;
import static org.onepath.layout.VoxelBitRowsLayout.WORD_MASK;
import static org.onepath.layout.VoxelBitRowsLayout.WORD_SHIFT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.cells.AreaCosts;
import org.onepath.layout.VoxelBitRowsLayout;
import org.onepath.layout.VoxelChunkLayout;
import org.onepath.memory.GrowableSegment;
import org.onepath.memory.LeakGuard;
import org.onepath.memory.OwnerState;

/**
 * The open voxels of a chunk table as bits, 64 along x per word, a row of words per (y, z), in
 * tiles of 64 x 16 x 16 voxels built from the chunk table the first time a read touches them
 * ({@link VoxelBitRowsLayout}) (tier 3). A tile whose chunks are all uniform (default or a base's
 * uniform chunks) and all open or all solid stores nothing: its words are answered from its code.
 *
 * <p>It listens to the table ({@link ChunkEditListener}): an edit of a voxel in a stored tile
 * flips its bit; an edit in a uniform tile, or a bulk write, makes the tile be built again on the
 * next read. So the bits always equal a fresh build from the table's current contents.
 *
 * <p>Reads build tiles, so it is confined to one thread like the search that owns it. Owns its
 * memory: {@link #close()} frees it and stops listening.
 */
public final class VoxelBitRows implements ChunkEditListener, AutoCloseable {
    private static final int INITIAL_TILES = 16;

    private final ChunkTable chunks;
    private final int axis;
    private final int sizeX;
    private final int sizeY;
    private final int sizeZ;
    /** Sides in row coordinates: along the rows, then the two others. */
    private final int sizeA;

    private final int sizeU;
    private final int sizeV;
    private final int wordsX;
    private final int tilesY;
    private final long chunksX;
    private final long chunksY;
    private final long lastWordMask;
    private final Arena arena;
    private final MemorySegment codes;
    private final GrowableSegment tileMemory;
    private final OwnerState state = new OwnerState("VoxelBitRows");
    private MemorySegment tiles;
    private int storedTiles;
    private int builds;
    /** Prefix counts of the chunks that are not uniformly open, or null until first asked. */
    private MemorySegment busyPrefix;
    /** One bit per chunk slot, set for a chunk that is not uniformly open; summed with the prefix. */
    private MemorySegment busyBits;
    /** Whether an edit may have made a quiet chunk busy since {@link #busyPrefix} was summed. */
    private boolean prefixStale = true;

    /**
     * Bit rows along x of {@code chunks}, registered as its edit listener until {@link #close()}.
     *
     * @param chunks the table to mirror; it must stay open while the rows are used
     */
    public VoxelBitRows(ChunkTable chunks) {
        this(chunks, 0);
    }

    /**
     * Bit rows along {@code axis} (0 x, 1 y, 2 z) of {@code chunks}, registered as its edit
     * listener until {@link #close()}. Row coordinates (a, u, v) are (x, y, z) for axis x,
     * (y, x, z) for y and (z, x, y) for z: a along the row, u and v across it.
     *
     * @param chunks the table to mirror; it must stay open while the rows are used
     * @param axis   the axis along the rows: 0 x, 1 y, 2 z
     * @throws IllegalArgumentException if the axis is outside 0..2
     */
    public VoxelBitRows(ChunkTable chunks, int axis) {
        this.chunks = Objects.requireNonNull(chunks, "chunks");
        if (axis < 0 || axis > 2) {
            throw new IllegalArgumentException("axis " + axis + " is outside 0..2");
        }
        this.axis = axis;
        this.sizeX = chunks.sizeX();
        this.sizeY = chunks.sizeY();
        this.sizeZ = chunks.sizeZ();
        this.sizeA = axis == 0 ? sizeX : axis == 1 ? sizeY : sizeZ;
        this.sizeU = axis == 0 ? sizeY : sizeX;
        this.sizeV = axis == 2 ? sizeY : sizeZ;
        this.wordsX = (sizeA + WORD_MASK) >>> WORD_SHIFT;
        this.tilesY = (sizeU + TILE_MASK) >>> TILE_SHIFT;
        this.chunksX = chunks.chunksX();
        this.chunksY = chunks.chunksY();
        int rest = sizeA & WORD_MASK;
        this.lastWordMask = rest == 0 ? -1L : (1L << rest) - 1;
        this.arena = LeakGuard.sharedArena(this);
        this.codes =
                arena.allocate((long) wordsX * tilesY * ((sizeV + TILE_MASK) >>> TILE_SHIFT) * CODE_BYTES, CODE_BYTES);
        this.tileMemory = new GrowableSegment(INITIAL_TILES * TILE_BYTES, 8);
        this.tiles = tileMemory.segment();
        chunks.addEditListener(this);
    }

    /**
     * The world's voxels along x.
     *
     * @return the side, at least 1
     */
    public int sizeX() {
        return sizeX;
    }

    /**
     * The world's voxels along y.
     *
     * @return the side, at least 1
     */
    public int sizeY() {
        return sizeY;
    }

    /**
     * The world's voxels along z.
     *
     * @return the side, at least 1
     */
    public int sizeZ() {
        return sizeZ;
    }

    /**
     * The axis along the rows: 0 x, 1 y, 2 z.
     *
     * @return the axis, 0..2
     */
    public int axis() {
        return axis;
    }

    /**
     * Words per row: ceil(side along the rows / 64).
     *
     * @return the word count of a row, at least 1
     */
    public int wordsX() {
        return wordsX;
    }

    /**
     * Tiles stored so far (uniform tiles store nothing).
     *
     * @return the stored tile count, 0 or more
     */
    public int storedTileCount() {
        return storedTiles;
    }

    /**
     * Tile builds so far (each reads the tile's chunks once).
     *
     * @return the build count, 0 or more
     */
    public int buildCount() {
        return builds;
    }

    /**
     * Native bytes held: the tile table and the stored tiles.
     *
     * @return the bytes allocated off-heap for the bits
     */
    public long storageBytes() {
        return codes.byteSize() + tileMemory.length();
    }

    /**
     * Word {@code wx} of row (y, z) in row coordinates (a, u, v): bit i is the voxel at
     * a = 64 wx + i, 1 when open; 0 for a word or row outside the world (hot path).
     *
     * @param wx the word within the row; any value
     * @param y  the row's first cross coordinate (u); any value
     * @param z  the row's second cross coordinate (v); any value
     * @return the word, bit i set when the voxel is open
     */
    public long word(int wx, int y, int z) {
        if (wx < 0 || wx >= wordsX || y < 0 || y >= sizeU || z < 0 || z >= sizeV) {
            return 0L;
        }
        final long at =
                ((long) wx + (long) wordsX * ((y >>> TILE_SHIFT) + (long) tilesY * (z >>> TILE_SHIFT))) * CODE_BYTES;
        int code = codes.get(CODE, at);
        if (code < FIRST_STORED) {
            if (code == OPEN) {
                return wx == wordsX - 1 ? lastWordMask : -1L;
            }
            if (code == SOLID) {
                return 0L;
            }
            code = build(at, wx, y >>> TILE_SHIFT, z >>> TILE_SHIFT);
            if (code == OPEN) {
                return wx == wordsX - 1 ? lastWordMask : -1L;
            }
            if (code == SOLID) {
                return 0L;
            }
        }
        return tiles.get(WORD, (code - FIRST_STORED) * TILE_BYTES + VoxelBitRowsLayout.wordOffset(y, z));
    }

    /**
     * Side across the rows, first coordinate (u).
     *
     * @return the side along u, at least 1
     */
    public int sizeU() {
        return sizeU;
    }

    /**
     * Side across the rows, second coordinate (v).
     *
     * @return the side along v, at least 1
     */
    public int sizeV() {
        return sizeV;
    }

    /**
     * The code of the tile holding word {@code wx} of row (u, v), built first if needed:
     * {@code OPEN}, {@code SOLID} or a stored tile's code (hot path; the word and row must lie
     * inside the world). With {@link #storedWord} it reads several rows of one tile for one code
     * read.
     *
     * @param wx the word within the row, 0..wordsX-1
     * @param u  the row's first cross coordinate, 0..sizeU-1
     * @param v  the row's second cross coordinate, 0..sizeV-1
     * @return the tile's code
     */
    public int tileCode(int wx, int u, int v) {
        return codeOf(wx, u >>> TILE_SHIFT, v >>> TILE_SHIFT);
    }

    /**
     * Word of row (u, v) of the stored tile with code {@code code} (hot path).
     *
     * @param code a stored tile's code from {@link #tileCode}
     * @param u    the row's first cross coordinate, 0..sizeU-1
     * @param v    the row's second cross coordinate, 0..sizeV-1
     * @return the word, bit i set when the voxel is open
     */
    public long storedWord(int code, int u, int v) {
        return tiles.get(WORD, (code - FIRST_STORED) * TILE_BYTES + VoxelBitRowsLayout.wordOffset(u, v));
    }

    /**
     * Any word {@code wx} of a tile with code OPEN: every voxel of the world open.
     *
     * @param wx the word within the row, 0..wordsX-1
     * @return the word with a bit set for every position inside the world
     */
    public long openWord(int wx) {
        return wx == wordsX - 1 ? lastWordMask : -1L;
    }

    /**
     * Whether every chunk meeting the box [x0, x1] x [y0, y1] x [z0, z1], clipped to the world, is
     * uniformly open (a default or uniform chunk of an open area): then the box inside the world
     * holds no solid voxel. Eight reads of a table of prefix counts over the chunks, summed again
     * after edits that may have changed the answer (the first call sums it: one chunk-table read
     * per chunk, 4 bytes per chunk corner).
     *
     * @param x0 the box's first x
     * @param x1 the box's last x, inclusive
     * @param y0 the box's first y
     * @param y1 the box's last y, inclusive
     * @param z0 the box's first z
     * @param z1 the box's last z, inclusive
     * @return true when the box holds no solid voxel by the chunk test; true for a box wholly
     *         outside
     */
    public boolean quietBox(int x0, int x1, int y0, int y1, int z0, int z1) {
        final int shift = VoxelChunkLayout.CHUNK_SHIFT;
        final int cx0 = Math.max(0, x0) >> shift;
        final int cx1 = (Math.min(sizeX - 1, x1) >> shift) + 1;
        final int cy0 = Math.max(0, y0) >> shift;
        final int cy1 = (Math.min(sizeY - 1, y1) >> shift) + 1;
        final int cz0 = Math.max(0, z0) >> shift;
        final int cz1 = (Math.min(sizeZ - 1, z1) >> shift) + 1;
        if (cx0 >= cx1 || cy0 >= cy1 || cz0 >= cz1) {
            return true;
        }
        if (busyChunk(cx0, cy0, cz0)) {
            return false;
        }
        final MemorySegment p = busyPrefix;
        final long px = chunks.chunksX() + 1L;
        final long pxy = px * (chunks.chunksY() + 1L);
        final long a = p.get(CODE, ((long) cz1 * pxy + (long) cy1 * px + cx1) * CODE_BYTES)
                - p.get(CODE, ((long) cz1 * pxy + (long) cy1 * px + cx0) * CODE_BYTES)
                - p.get(CODE, ((long) cz1 * pxy + (long) cy0 * px + cx1) * CODE_BYTES)
                + p.get(CODE, ((long) cz1 * pxy + (long) cy0 * px + cx0) * CODE_BYTES);
        final long b = p.get(CODE, ((long) cz0 * pxy + (long) cy1 * px + cx1) * CODE_BYTES)
                - p.get(CODE, ((long) cz0 * pxy + (long) cy1 * px + cx0) * CODE_BYTES)
                - p.get(CODE, ((long) cz0 * pxy + (long) cy0 * px + cx1) * CODE_BYTES)
                + p.get(CODE, ((long) cz0 * pxy + (long) cy0 * px + cx0) * CODE_BYTES);
        return a - b == 0;
    }

    /**
     * Whether chunk (cx, cy, cz) is not uniformly open: one read of a bit set small enough to stay
     * in cache, which answers most quiet-box tests near solids by the box's first chunk.
     *
     * @param cx the chunk's x, 0..chunksX-1
     * @param cy the chunk's y, 0..chunksY-1
     * @param cz the chunk's z, 0..chunksZ-1
     * @return true when the chunk may hold a solid voxel
     */
    public boolean busyChunk(int cx, int cy, int cz) {
        if (prefixStale) {
            sumPrefix();
        }
        final long slot = cx + chunksX * (cy + chunksY * (long) cz);
        return (busyBits.get(WORD, (slot >>> 6) * WORD_BYTES) & (1L << slot)) != 0;
    }

    /** Sums the prefix counts: entry (i, j, k) counts the busy chunks with cx &lt; i, cy &lt; j, cz &lt; k. */
    private void sumPrefix() {
        state.ensureOpen();
        final int nx = chunks.chunksX();
        final int ny = chunks.chunksY();
        final int nz = chunks.chunksZ();
        final long px = nx + 1L;
        final long pxy = px * (ny + 1L);
        if (busyPrefix == null) {
            busyPrefix = arena.allocate(pxy * (nz + 1L) * CODE_BYTES, CODE_BYTES); // zeroed
            busyBits = arena.allocate((((long) nx * ny * nz + 63) >>> 6) * WORD_BYTES, WORD_BYTES);
        }
        final MemorySegment p = busyPrefix;
        final MemorySegment bitsOfChunks = busyBits;
        bitsOfChunks.fill((byte) 0);
        for (int k = 1; k <= nz; k++) {
            for (int j = 1; j <= ny; j++) {
                int row = 0;
                for (int i = 1; i <= nx; i++) {
                    final int area = chunks.uniformAreaOf(i - 1, j - 1, k - 1);
                    if (area < 0 || area == AreaCosts.WALL) {
                        row++;
                        final long slot = (i - 1) + (long) nx * ((j - 1) + (long) ny * (k - 1));
                        final long w = (slot >>> 6) * WORD_BYTES;
                        bitsOfChunks.set(WORD, w, bitsOfChunks.get(WORD, w) | 1L << slot);
                    }
                    final long at = k * pxy + j * px + i;
                    final int v = row
                            + p.get(CODE, (at - px) * CODE_BYTES)
                            + p.get(CODE, (at - pxy) * CODE_BYTES)
                            - p.get(CODE, (at - px - pxy) * CODE_BYTES);
                    p.set(CODE, at * CODE_BYTES, v);
                }
            }
        }
        prefixStale = false;
    }

    /** The code of tile (wx, ty, tz), building it first if needed. */
    private int codeOf(int wx, int ty, int tz) {
        final long at = ((long) wx + (long) wordsX * (ty + (long) tilesY * tz)) * CODE_BYTES;
        final int code = codes.get(CODE, at);
        return code > NOT_BUILT ? code : build(at, wx, ty, tz);
    }

    // ---- building ----

    /** Builds the tile whose code lies at {@code at}; returns its new code. */
    private int build(long at, int wx, int ty, int tz) {
        state.ensureOpen();
        builds++;
        final int old = codes.get(CODE, at);
        final int chunksA = (sizeA + VoxelChunkLayout.CHUNK_MASK) >>> VoxelChunkLayout.CHUNK_SHIFT;
        final int cx0 = wx * CHUNKS_PER_WORD;
        final int cx1 = Math.min(chunksA, cx0 + CHUNKS_PER_WORD);
        boolean allOpen = true;
        boolean allSolid = true;
        for (int cx = cx0; cx < cx1; cx++) {
            int area = uniformArea(cx, ty, tz);
            if (area < 0) {
                allOpen = false;
                allSolid = false;
                break;
            }
            if (area == AreaCosts.WALL) {
                allOpen = false;
            } else {
                allSolid = false;
            }
        }
        if ((allOpen || allSolid) && old >= NOT_BUILT) {
            int code = allOpen ? OPEN : SOLID;
            codes.set(CODE, at, code);
            return code;
        }
        final int k;
        if (old < NOT_BUILT) {
            k = -old - FIRST_STORED;
        } else {
            k = storedTiles++;
            tiles = tileMemory.ensureLength((long) storedTiles * TILE_BYTES, (long) k * TILE_BYTES);
        }
        final MemorySegment t = tiles;
        final long base = k * TILE_BYTES;
        final int y0 = ty << TILE_SHIFT;
        final int z0 = tz << TILE_SHIFT;
        final long mask = wx == wordsX - 1 ? lastWordMask : -1L;
        for (int j = 0; j < (1 << TILE_SHIFT); j++) {
            for (int i = 0; i < (1 << TILE_SHIFT); i++) {
                t.set(WORD, base + VoxelBitRowsLayout.wordOffset(i, j), 0L);
            }
        }
        for (int cx = cx0; cx < cx1; cx++) {
            final int lane = (cx - cx0) << VoxelChunkLayout.CHUNK_SHIFT;
            final int area = uniformArea(cx, ty, tz);
            for (int dz = 0; dz <= TILE_MASK; dz++) {
                for (int dy = 0; dy <= TILE_MASK; dy++) {
                    long bits = 0;
                    if (area >= 0) {
                        bits = area == AreaCosts.WALL ? 0L : 0xFFFFL;
                    } else {
                        final int x0 = cx << VoxelChunkLayout.CHUNK_SHIFT;
                        for (int i = 0; i <= VoxelChunkLayout.CHUNK_MASK; i++) {
                            if (x0 + i < sizeA
                                    && y0 + dy < sizeU
                                    && z0 + dz < sizeV
                                    && openAt(x0 + i, y0 + dy, z0 + dz)) {
                                bits |= 1L << i;
                            }
                        }
                    }
                    final long off = base + VoxelBitRowsLayout.wordOffset(dy, dz);
                    t.set(WORD, off, (t.get(WORD, off) | bits << lane) & mask);
                }
            }
        }
        final int code = k + FIRST_STORED;
        codes.set(CODE, at, code);
        return code;
    }

    /** The uniform area of the chunk at chunk coordinates (ca, cu, cv) in row order, or -1. */
    private int uniformArea(int ca, int cu, int cv) {
        return switch (axis) {
            case 0 -> chunks.uniformAreaOf(ca, cu, cv);
            case 1 -> chunks.uniformAreaOf(cu, ca, cv);
            default -> chunks.uniformAreaOf(cu, cv, ca);
        };
    }

    /** Whether the voxel at row coordinates (a, u, v) is open. */
    private boolean openAt(int a, int u, int v) {
        return switch (axis) {
            case 0 -> chunks.area(a, u, v) != AreaCosts.WALL;
            case 1 -> chunks.area(u, a, v) != AreaCosts.WALL;
            default -> chunks.area(u, v, a) != AreaCosts.WALL;
        };
    }

    // ---- edits ----

    @Override
    public void voxelEdited(int wxIn, int wyIn, int wzIn) {
        if (state.isClosed()) {
            return;
        }
        final int x = axis == 0 ? wxIn : axis == 1 ? wyIn : wzIn;
        final int y = axis == 0 ? wyIn : wxIn;
        final int z = axis == 2 ? wyIn : wzIn;
        final int wx = x >>> WORD_SHIFT;
        final long at =
                ((long) wx + (long) wordsX * ((y >>> TILE_SHIFT) + (long) tilesY * (z >>> TILE_SHIFT))) * CODE_BYTES;
        final int code = codes.get(CODE, at);
        final boolean open = chunks.area(wxIn, wyIn, wzIn) != AreaCosts.WALL;
        if (!prefixStale) {
            // The chunk leaves the quiet set when it was uniform and open; it is stored now.
            prefixStale = !busyCounted(wxIn, wyIn, wzIn);
        }
        if (code >= FIRST_STORED) {
            final long off = (code - FIRST_STORED) * TILE_BYTES + VoxelBitRowsLayout.wordOffset(y, z);
            final long bit = 1L << (x & WORD_MASK);
            final long w = tiles.get(WORD, off);
            tiles.set(WORD, off, open ? w | bit : w & ~bit);
        } else if ((code == OPEN && !open) || (code == SOLID && open)) {
            codes.set(CODE, at, NOT_BUILT);
        }
    }

    /** Whether the summed prefix counts the chunk of (x, y, z) as busy. */
    private boolean busyCounted(int x, int y, int z) {
        final int shift = VoxelChunkLayout.CHUNK_SHIFT;
        final int cx = x >> shift;
        final int cy = y >> shift;
        final int cz = z >> shift;
        final MemorySegment p = busyPrefix;
        final long px = chunks.chunksX() + 1L;
        final long pxy = px * (chunks.chunksY() + 1L);
        long sum = 0;
        for (int k = 0; k <= 1; k++) {
            for (int j = 0; j <= 1; j++) {
                for (int i = 0; i <= 1; i++) {
                    final long at = (cz + k) * pxy + (cy + j) * px + (cx + i);
                    final int sign = ((i + j + k) & 1) == 1 ? 1 : -1;
                    sum += sign * p.get(CODE, at * CODE_BYTES);
                }
            }
        }
        return sum == 1;
    }

    @Override
    public void chunkReplaced(int slot) {
        if (state.isClosed()) {
            return;
        }
        prefixStale = true;
        final int chunksX = chunks.chunksX();
        final int wcx = slot % chunksX;
        final int rest = slot / chunksX;
        final int wcy = rest % chunks.chunksY();
        final int wcz = rest / chunks.chunksY();
        final int cx = axis == 0 ? wcx : axis == 1 ? wcy : wcz;
        final int cy = axis == 0 ? wcy : wcx;
        final int cz = axis == 2 ? wcy : wcz;
        final long at = ((long) (cx / CHUNKS_PER_WORD) + (long) wordsX * (cy + (long) tilesY * cz)) * CODE_BYTES;
        final int code = codes.get(CODE, at);
        if (code >= FIRST_STORED) {
            codes.set(CODE, at, -code);
        } else if (code == OPEN || code == SOLID) {
            codes.set(CODE, at, NOT_BUILT);
        }
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            chunks.removeEditListener(this);
            tileMemory.close();
            arena.close();
        }
    }
}
