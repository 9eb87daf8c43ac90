package org.onepath.cli;

import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.TreeMap;
import org.onepath.state.AreasLayout;
import org.onepath.state.AreasPiece;
import org.onepath.state.FlowFieldPiece;
import org.onepath.state.GraphEdgeLayout;
import org.onepath.state.GraphStateFormat;
import org.onepath.state.GridFlowFieldStateFormat;
import org.onepath.state.GridReplannerStateFormat;
import org.onepath.state.GridSearchStateFormat;
import org.onepath.state.GridSearchStateLayout;
import org.onepath.state.GridStateFormat;
import org.onepath.state.HexGridStateFormat;
import org.onepath.state.OnePathFormatException;
import org.onepath.state.ReplanSearchPiece;
import org.onepath.state.SearchBuffersPiece;
import org.onepath.state.SearchStateFormat;
import org.onepath.state.SpacePiece;
import org.onepath.state.StateKind;
import org.onepath.state.StateLayout;
import org.onepath.state.StateReader;
import org.onepath.state.VoxelGridStateFormat;

/**
 * Decodes a version-1 state by the format alone: no grid, graph or search is built, so a state
 * can be looked at without the engine that wrote it, and bulk data (cells, chunks, node lists) is
 * summarised by counts rather than printed.
 *
 * <p>Decoded kinds are checked as strictly as a restore checks them: through the state-format
 * pieces ({@link SpacePiece}, {@link AreasPiece}, {@link SearchBuffersPiece}), with the engines'
 * size bounds, and with {@link StateReader#expectEnd()} so trailing bytes are an error. Any defect
 * surfaces as the reader's {@link OnePathFormatException}, naming field, value, offset and bound.
 * A kind without a layout here would get its header checked and its payload counted, not decoded.
 */
final class StateInspector {
    private static final int CHUNK_SIDE = VoxelGridStateFormat.CHUNK_SIDE;
    private static final int CHUNK_SHIFT = Integer.numberOfTrailingZeros(CHUNK_SIDE);
    private static final long CHUNK_BYTES = VoxelGridStateFormat.CHUNK_BYTES;
    /** The wall (grid) or solid (voxel) area id: it has no multiplier. */
    private static final int WALL = AreasLayout.AREA_COUNT;
    /**
     * A search's node bound: the largest node space of any engine it can run on (a voxel grid's
     * 2^30 voxels; a grid has at most 2^28 cells, a graph 2^26 nodes).
     */
    static final int MAX_SEARCH_NODES = (int) VoxelGridStateFormat.MAX_VOXELS;

    private static final String[] STATUS_NAMES = {"not started", "running", "found", "no path"};

    private StateInspector() {}

    /**
     * Decodes one state.
     *
     * @param data the whole file
     * @param file the file's name as given, for the report
     * @throws OnePathFormatException naming field, value, offset and bound of the first defect
     */
    static StateReport inspect(MemorySegment data, String file) {
        // The header decides the kind, and the kind decides the reader: graph states report
        // GraphStateException, all others GridStateException.
        StateKind kind = StateReader.ofGrid(data).header();
        StateReport report = new StateReport()
                .put("file", file)
                .put("bytes", data.byteSize())
                .put(
                        "magic",
                        String.format("0x%08X", StateLayout.MAGIC),
                        String.format("0x%08X (ok)", StateLayout.MAGIC))
                .jsonOnly("magicOk", true)
                .put("formatVersion", StateLayout.VERSION)
                .put("kind", kind.code(), kind.code() + " (" + kind.label() + ")")
                .jsonOnly("kindName", kind.label());
        long payload = data.byteSize() - StateLayout.HEADER_BYTES;
        switch (kind) {
            case GRID -> grid(StateReader.ofGrid(data), payload(report, payload, true), data);
            case HEX_GRID -> hexGrid(StateReader.ofGrid(data), payload(report, payload, true), data);
            case VOXEL_GRID -> voxelGrid(StateReader.ofGrid(data), payload(report, payload, true), data);
            case GRAPH -> graph(StateReader.ofGraph(data), payload(report, payload, true), data);
            case A_STAR, JUMP_POINT_SEARCH, THETA_STAR ->
                search(StateReader.ofGrid(data), payload(report, payload, true), kind);
            case GRAPH_A_STAR -> search(StateReader.ofGraph(data), payload(report, payload, true), kind);
            case GRID_SEARCH -> gridSearch(StateReader.ofGrid(data), payload(report, payload, true), data);
            case GRID_FLOW_FIELD -> flowField(StateReader.ofGrid(data), payload(report, payload, true));
            case GRID_REPLANNER, HEX_REPLANNER ->
                replanner(StateReader.ofGrid(data), payload(report, payload, true), kind);
            default -> payload(report, payload, false);
        }
        return report;
    }

    private static StateReport payload(StateReport report, long bytes, boolean decoded) {
        return report.textOnly("payload", bytes + " bytes" + (decoded ? "" : " (not decoded)"))
                .jsonOnly("payloadBytes", bytes)
                .jsonOnly("decoded", decoded);
    }

    /** Grid (1), checked as a grid's restore checks it ({@link GridStateFormat}). */
    private static void grid(StateReader r, StateReport report, MemorySegment data) {
        GridStateFormat.Head head = GridStateFormat.read(r);
        int w = head.width();
        int h = head.height();
        int version = head.version();
        SpacePiece.Grid space = head.space();
        AreasPiece.Areas areas = head.areas();
        long cellCount = head.cellCount();
        long cellsAt = head.cellsOffset();

        long[] histogram = new long[256];
        for (long i = 0; i < cellCount; i++) {
            histogram[data.get(StateLayout.U8, cellsAt + i) & 0xFF]++;
        }
        report.put("width", w).put("height", h).put("version", version);
        gridSpace(report, space);
        areas(report, areas);
        StateReport cells = new StateReport()
                .put("count", cellCount)
                .put("open", histogram[0])
                .put("wall", histogram[WALL])
                .put("otherAreas", otherAreas(histogram));
        report.put(
                "cells",
                cells,
                cellCount + " (open " + histogram[0] + ", wall " + histogram[WALL] + ", other areas: "
                        + otherAreas(histogram).text() + ")");
    }

    /**
     * HexGrid (2), checked as a hex grid's restore checks it ({@link HexGridStateFormat}): the
     * square grid's fields with the layout code after the height.
     */
    private static void hexGrid(StateReader r, StateReport report, MemorySegment data) {
        HexGridStateFormat.Head head = HexGridStateFormat.read(r);
        long cellCount = head.cellCount();
        long cellsAt = head.cellsOffset();
        long[] histogram = new long[256];
        for (long i = 0; i < cellCount; i++) {
            histogram[data.get(StateLayout.U8, cellsAt + i) & 0xFF]++;
        }
        String layoutName = HexGridStateFormat.layoutName(head.layout());
        report.put("width", head.width())
                .put("height", head.height())
                .put("layout", head.layout(), head.layout() + " (" + layoutName + ")")
                .jsonOnly("layoutName", layoutName)
                .put("version", head.version());
        gridSpace(report, head.space());
        areas(report, head.areas());
        StateReport cells = new StateReport()
                .put("count", cellCount)
                .put("open", histogram[0])
                .put("wall", histogram[WALL])
                .put("otherAreas", otherAreas(histogram));
        report.put(
                "cells",
                cells,
                cellCount + " (open " + histogram[0] + ", wall " + histogram[WALL] + ", other areas: "
                        + otherAreas(histogram).text() + ")");
    }

    /** VoxelGrid (3), checked as a voxel grid's restore checks it ({@link VoxelGridStateFormat}). */
    private static void voxelGrid(StateReader r, StateReport report, MemorySegment data) {
        VoxelGridStateFormat.Head head = VoxelGridStateFormat.read(r);
        int sx = head.sizeX();
        int sy = head.sizeY();
        int sz = head.sizeZ();
        int defaultArea = head.defaultArea();
        int version = head.version();
        SpacePiece.Voxel space = head.space();
        AreasPiece.Areas areas = head.areas();
        int chunksX = head.chunksX();
        int chunksY = head.chunksY();
        int chunksZ = head.chunksZ();
        long slots = (long) chunksX * chunksY * chunksZ;
        long stored = head.storedChunks();
        long[] histogram = new long[256];
        long storedVoxels = 0;
        long at = head.chunksOffset();
        for (long slot = 0; slot < slots; slot++) {
            if (data.get(StateLayout.U8, at++) == 0) {
                continue;
            }
            int cx = (int) (slot % chunksX);
            int cy = (int) (slot / chunksX % chunksY);
            int cz = (int) (slot / chunksX / chunksY);
            storedVoxels += countChunk(
                    data,
                    at,
                    Math.min(CHUNK_SIDE, sx - (cx << CHUNK_SHIFT)),
                    Math.min(CHUNK_SIDE, sy - (cy << CHUNK_SHIFT)),
                    Math.min(CHUNK_SIDE, sz - (cz << CHUNK_SHIFT)),
                    histogram);
            at += CHUNK_BYTES;
        }

        long voxelCount = (long) sx * sy * sz;
        report.put("sizeX", sx)
                .put("sizeY", sy)
                .put("sizeZ", sz)
                .put("defaultArea", defaultArea)
                .put("version", version);
        voxelSpace(report, space);
        areas(report, areas);
        report.put(
                "chunks",
                new StateReport().put("count", slots).put("stored", stored),
                slots + " (" + chunksX + " x " + chunksY + " x " + chunksZ + "), stored " + stored);
        StateReport voxels = new StateReport()
                .put("count", storedVoxels)
                .put("open", histogram[0])
                .put("solid", histogram[WALL])
                .put("otherAreas", otherAreas(histogram));
        report.put(
                "storedChunkVoxels",
                voxels,
                storedVoxels + " inside the grid (open " + histogram[0] + ", solid " + histogram[WALL]
                        + ", other areas: " + otherAreas(histogram).text() + ")");
        long defaultVoxels = voxelCount - storedVoxels;
        report.put("defaultChunkVoxels", defaultVoxels, defaultVoxels + " (all area " + defaultArea + ")");
    }

    /**
     * Counts the area ids of one stored chunk's voxels inside the grid (padding past the grid's
     * edge is stored but is not part of the grid).
     *
     * @return the voxels counted
     */
    private static long countChunk(MemorySegment data, long at, int limX, int limY, int limZ, long[] histogram) {
        if (limX == CHUNK_SIDE && limY == CHUNK_SIDE && limZ == CHUNK_SIDE) {
            for (long i = 0; i < CHUNK_BYTES; i++) {
                histogram[data.get(StateLayout.U8, at + i) & 0xFF]++;
            }
            return CHUNK_BYTES;
        }
        for (int z = 0; z < limZ; z++) {
            for (int y = 0; y < limY; y++) {
                for (int x = 0; x < limX; x++) {
                    histogram[data.get(StateLayout.U8, at + (x | y << CHUNK_SHIFT | z << 2 * CHUNK_SHIFT)) & 0xFF]++;
                }
            }
        }
        return (long) limX * limY * limZ;
    }

    /**
     * Graph (4), checked as a graph's restore checks it ({@link GraphStateFormat}): i32 nodeCount,
     * i32 edgeCount, then per edge i32 from, i32 to, f64 weight, u8 alive.
     */
    private static void graph(StateReader r, StateReport report, MemorySegment data) {
        GraphStateFormat.Head head = GraphStateFormat.read(r);
        int e = head.edgeCount();
        int alive = head.aliveEdges();
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < e; i++) {
            long rec = head.edgesOffset() + GraphEdgeLayout.recordOffset(i);
            if (data.get(GraphEdgeLayout.ALIVE, rec + GraphEdgeLayout.ALIVE_OFFSET) == 1) {
                double weight = Double.longBitsToDouble(
                        data.get(GraphEdgeLayout.WEIGHT_BITS, rec + GraphEdgeLayout.WEIGHT_OFFSET));
                min = Math.min(min, weight);
                max = Math.max(max, weight);
            }
        }
        report.put("nodeCount", head.nodeCount())
                .put("edgeCount", e, e + " (alive " + alive + ", removed " + (e - alive) + ")")
                .jsonOnly("aliveEdges", alive)
                .put("selfLoops", head.selfLoops());
        if (alive == 0) {
            report.put("aliveWeightMin", null, "none (no alive edge)").jsonOnly("aliveWeightMax", null);
        } else {
            report.put("aliveWeightMin", min).put("aliveWeightMax", max);
        }
    }

    private static final String[] FLOW_STATUS_NAMES = {"not started", "running", "complete"};

    /**
     * GridFlowField (7), checked as a field's restore checks it ({@link GridFlowFieldStateFormat},
     * {@link FlowFieldPiece}) except for what needs the grid (which next cells are moves).
     */
    private static void flowField(StateReader r, StateReport report) {
        GridFlowFieldStateFormat.State s = GridFlowFieldStateFormat.read(r);
        FlowFieldPiece.Field f = s.field();
        int status = f.status();
        report.put("width", s.width())
                .put("height", s.height())
                .put("areaVersion", s.areaVersion())
                .put("goals", s.goals().length, s.goals().length + " as created (" + f.goals().length + " distinct)")
                .jsonOnly("distinctGoals", f.goals().length)
                .put("pendingEdits", s.pending().length);
        report.block("flow")
                .put("nodeCount", f.nodeCount())
                .put("status", status, status + " (" + FLOW_STATUS_NAMES[status] + ")")
                .jsonOnly("statusName", FLOW_STATUS_NAMES[status])
                .put("settled", f.settled())
                .put("repairing", f.repairing())
                .put("reached", f.reachedNodes().length)
                .put("steps", f.stepNodes().length)
                .put("open", f.open().count())
                .put("touched", f.touched().length);
        report.textOnly("directions", "next cells are checked against the grid when a field restores them");
    }

    /**
     * GridReplanner (5) and HexReplanner (6), checked as a replanner's restore checks them
     * ({@link GridReplannerStateFormat}, {@link ReplanSearchPiece}) except for what needs the grid
     * (its area version and size).
     */
    private static void replanner(StateReader r, StateReport report, StateKind kind) {
        GridReplannerStateFormat.State s = GridReplannerStateFormat.read(r, kind);
        ReplanSearchPiece.Search q = s.search();
        String algorithm = s.algorithm() == GridReplannerStateFormat.ALGORITHM_LPA_STAR ? "LPA*" : "D* Lite";
        int w = s.width();
        report.put("width", w)
                .put("height", s.height())
                .put("algorithm", s.algorithm(), s.algorithm() + " (" + algorithm + ")")
                .jsonOnly("algorithmName", algorithm)
                .put("areaVersion", s.areaVersion())
                .put("start", s.start(), s.start() + " (" + s.start() % w + ", " + s.start() / w + ")")
                .put("goal", s.goal(), s.goal() + " (" + s.goal() % w + ", " + s.goal() / w + ")");
        StateReport block = report.block("replan")
                .put("nodeCount", q.nodeCount())
                .put("initialized", q.initialized())
                .put("found", q.found())
                .put("iterations", q.iterations())
                .put("expanded", q.expanded())
                .put("lastExpanded", q.lastExpanded());
        if (q.initialized()) {
            int withNeighbours = 0;
            for (int e : q.pending()) {
                withNeighbours += e < 0 ? 1 : 0;
            }
            block.put("km", q.km())
                    .put("overflow", q.overflow())
                    .put(
                            "pending",
                            q.pending().length,
                            q.pending().length + " (" + withNeighbours + " with their neighbours)")
                    .jsonOnly("pendingWithNeighbours", withNeighbours)
                    .put("planned", q.plannedNodes().length)
                    .put("open", q.open().count());
        }
    }

    private static final String[] MODE_NAMES = {
        "not begun", "specialised A*", "generic core", "specialised jump point search"
    };

    /**
     * GridSearch (12), read through {@link GridSearchStateFormat}: the mode, the grid's size, then
     * the mode's fields. A mode-2 state's embedded search is decoded and checked as its kind; the
     * visited records and open list of modes 1 and 3 are counted and stepped over, since checking
     * them needs the grid (a handle's restore does).
     */
    private static void gridSearch(StateReader r, StateReport report, MemorySegment data) {
        GridSearchStateFormat.Head head = GridSearchStateFormat.readHead(r);
        int mode = head.mode();
        report.put("mode", mode, mode + " (" + MODE_NAMES[mode] + ")")
                .jsonOnly("modeName", MODE_NAMES[mode])
                .put("width", head.width())
                .put("height", head.height());
        int cells = head.cellCount();
        if (mode == GridSearchStateLayout.MODE_NOT_BEGUN) {
            r.expectEnd();
            return;
        }
        if (mode == GridSearchStateLayout.MODE_GENERIC) {
            GridSearchStateFormat.Generic generic = GridSearchStateFormat.readGeneric(r, head);
            report.put("startX", generic.startX())
                    .put("startY", generic.startY())
                    .put("goalX", generic.goalX())
                    .put("goalY", generic.goalY());
            MemorySegment inner = data.asSlice(generic.embeddedOffset(), generic.embeddedLength());
            StateReport embedded = report.block("embedded");
            try {
                StateKind kind = GridSearchStateFormat.embeddedKind(inner);
                embedded.put("kind", kind.code(), kind.code() + " (" + kind.label() + ")");
                StateReader innerReader = StateReader.ofGrid(inner);
                SearchStateFormat.State state = SearchStateFormat.read(innerReader, kind, MAX_SEARCH_NODES);
                if (state.nodeCount() != cells) {
                    throw innerReader.error(
                            "nodeCount",
                            state.nodeCount(),
                            cells + " (width * height)",
                            SearchStateFormat.NODE_COUNT_OFFSET);
                }
                printSearch(state, embedded);
            } catch (OnePathFormatException e) {
                throw GridSearchStateFormat.embeddedError(e, generic);
            }
            return;
        }
        if (mode == GridSearchStateLayout.MODE_SPECIALISED_JUMP) {
            int finder = GridSearchStateFormat.readFinder(r);
            report.put(
                    "finder",
                    finder,
                    finder
                            + (finder == GridSearchStateLayout.FINDER_BLOCK_SCANS
                                    ? " (block scans)"
                                    : " (JPS+ tables)"));
        }
        GridSearchStateFormat.Fixed fixed = GridSearchStateFormat.readFixed(r, mode, cells);
        int status = fixed.status();
        report.put("status", status, status + " (" + STATUS_NAMES[status] + ")")
                .jsonOnly("statusName", STATUS_NAMES[status])
                .put("zeroEstimate", fixed.zeroEstimate())
                .put("start", fixed.start())
                .put("goal", fixed.goal())
                .put("expanded", fixed.expanded())
                .put("iterations", fixed.iterations())
                .put("pathA", fixed.pathA())
                .put("pathB", fixed.pathB());
        GridSearchStateFormat.skipVisited(r, fixed);
        StateReport open = report.put("visited", fixed.visitedCount()).block("openList");
        if (mode == GridSearchStateLayout.MODE_SPECIALISED_ASTAR) {
            open.put("stored", false, "rebuilt from the visited cells that are not closed");
        } else {
            GridSearchStateFormat.OpenList list = GridSearchStateFormat.skipOpenList(r);
            open.put("level", list.level()).put("heapSlots", list.heapCount()).put("stackCells", list.stackCount());
        }
        r.expectEnd();
        report.textOnly("records", "checked against the grid when a handle restores them");
    }

    /** A* (8), jump point (9), Theta* (10), graph A* (11), checked as a search's restore checks it ({@link SearchStateFormat}). */
    private static void search(StateReader r, StateReport report, StateKind kind) {
        printSearch(SearchStateFormat.read(r, kind, MAX_SEARCH_NODES), report);
    }

    private static void printSearch(SearchStateFormat.State state, StateReport report) {
        int n = state.nodeCount();
        int status = state.status();
        double weight = state.heuristicWeight();
        int start = state.start();
        int goal = state.goal();
        int expanded = state.expanded();
        int iterations = state.iterations();
        double pathCost = state.pathCost();
        SearchBuffersPiece.Buffers buffers = state.buffers();

        report.put("nodeCount", n)
                .put("status", status, status + " (" + STATUS_NAMES[status] + ")")
                .jsonOnly("statusName", STATUS_NAMES[status])
                .put("heuristicWeight", weight)
                .put("start", start, start < 0 ? "-1 (unset)" : Integer.toString(start))
                .put("goal", goal, goal < 0 ? "-1 (unset)" : Integer.toString(goal))
                .put("expanded", expanded)
                .put("iterations", iterations)
                .put("pathCost", pathCost);
        if (buffers == null) {
            report.put("buffers", null, "none (a search that has not started stores none)");
            return;
        }
        int closed = 0;
        for (boolean c : buffers.closed()) {
            if (c) {
                closed++;
            }
        }
        report.block("buffers")
                .put("visited", buffers.visitedCount())
                .put("closed", closed)
                .put("open", buffers.open().count())
                .put("expanded", buffers.expandedNodes().length);
    }

    private static void gridSpace(StateReport report, SpacePiece.Grid s) {
        // == 0 also takes -0.0 as unassigned, as SpacePiece and the engines do.
        boolean assigned = !(s.originX() == 0 && s.originY() == 0 && s.cellSize() == 0);
        StateReport json = new StateReport()
                .put("assigned", assigned)
                .put("originX", s.originX())
                .put("originY", s.originY())
                .put("cellSize", s.cellSize());
        report.put(
                "space",
                json,
                assigned
                        ? "origin (" + s.originX() + ", " + s.originY() + "), cellSize " + s.cellSize()
                        : "unassigned (all 0)");
    }

    private static void voxelSpace(StateReport report, SpacePiece.Voxel s) {
        boolean assigned = !(s.originX() == 0 && s.originY() == 0 && s.originZ() == 0 && s.cellSize() == 0);
        StateReport json = new StateReport()
                .put("assigned", assigned)
                .put("originX", s.originX())
                .put("originY", s.originY())
                .put("originZ", s.originZ())
                .put("cellSize", s.cellSize());
        report.put(
                "space",
                json,
                assigned
                        ? "origin (" + s.originX() + ", " + s.originY() + ", " + s.originZ() + "), cellSize "
                                + s.cellSize()
                        : "unassigned (all 0)");
    }

    private static void areas(StateReport report, AreasPiece.Areas areas) {
        Map<Integer, Double> notOne = new TreeMap<>();
        double[] m = areas.multipliers();
        for (int a = 0; a < m.length; a++) {
            if (m[a] != 1.0) {
                notOne.put(a, m[a]);
            }
        }
        StateReport.Sparse sparse = new StateReport.Sparse(notOne);
        report.put(
                "areas",
                new StateReport().put("version", areas.version()).put("multipliersNotOne", sparse),
                "version " + areas.version() + ", multipliers not 1: " + sparse.text());
    }

    /** Counts of the area ids other than 0 (open) and 255 (wall), those present only. */
    private static StateReport.Sparse otherAreas(long[] histogram) {
        Map<Integer, Long> out = new TreeMap<>();
        for (int a = 1; a < WALL; a++) {
            if (histogram[a] != 0) {
                out.put(a, histogram[a]);
            }
        }
        return new StateReport.Sparse(out);
    }
}
