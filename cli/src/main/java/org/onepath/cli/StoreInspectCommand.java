package org.onepath.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.onepath.GoalBoundsSummary;
import org.onepath.Grid;
import org.onepath.VoxelGrid;
import org.onepath.layout.VoxelHierarchyLayout;
import org.onepath.store.GridStore;
import org.onepath.store.HierarchyOptions;
import org.onepath.store.StoreFile;
import org.onepath.store.StoreLayout;
import org.onepath.store.VoxelWorldStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code onepath store inspect}: opens a store the way the engine does (directory, small
 * sections, fingerprints) and prints what it holds. It reads no big section.
 */
@Command(
        name = "inspect",
        mixinStandardHelpOptions = true,
        description = {
            "Opens a store file as the engine does and prints its header, sections and contents.",
            "Checks the header, the section table, the small sections and the fingerprints; the big sections "
                    + "are checked by 'onepath store verify'. Exit status 2 with one line naming the problem if the file fails."
        })
final class StoreInspectCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The store file.")
    Path file;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;

    @Override
    public Integer call() {
        Map<String, Object> fields = new LinkedHashMap<>();
        List<StoreFile.Section> sections;
        try (StoreFile directory = Stores.open(file, () -> StoreFile.open(file))) {
            fields.put("kind", StoreLayout.kindName(directory.kind()));
            fields.put("formatVersion", directory.version());
            fields.put("fileLength", directory.fileLength());
            sections = new ArrayList<>(directory.sections());
            if (directory.kind() == StoreLayout.KIND_GRID) {
                try (GridStore store = Stores.open(file, () -> GridStore.open(file))) {
                    Grid g = store.grid();
                    fields.put("name", store.name());
                    fields.put("width", g.width());
                    fields.put("height", g.height());
                    fields.put("tables", "fingerprints match the cells and this engine's rules");
                    GoalBoundsSummary bounds = g.goalBounds();
                    if (bounds != null) {
                        // Section 7: its checksum and every field were checked by opening.
                        fields.put("goalBounds", "section " + StoreLayout.SECTION_GOAL_BOUNDS + ", checked at open");
                        fields.put("jumpPoints", bounds.jumpPoints());
                        fields.put("storedBoxes", bounds.storedBoxes());
                        fields.put("boxSteps", bounds.stepX() + " x " + bounds.stepY());
                        fields.put("goalBoundsBytes", bounds.bytes());
                        fields.put("boundsBytesPerCell", (double) bounds.bytes() / g.cellCount());
                    }
                }
            } else {
                try (VoxelWorldStore store = Stores.open(file, () -> VoxelWorldStore.open(file))) {
                    VoxelGrid w = store.grid();
                    long voxels = (long) w.sizeX() * w.sizeY() * w.sizeZ();
                    fields.put("name", store.name());
                    fields.put("size", w.sizeX() + " x " + w.sizeY() + " x " + w.sizeZ());
                    fields.put("defaultArea", w.defaultArea());
                    fields.put("chunks", (long) w.chunksX() * w.chunksY() * w.chunksZ());
                    fields.put("notDefaultChunks", w.storedChunkCount());
                    StoreFile.Section stored = directory.section(StoreLayout.SECTION_CHUNKS);
                    fields.put("storedChunks", stored.length() / org.onepath.layout.VoxelChunkLayout.CHUNK_BYTES);
                    fields.put("bytesPerVoxel", (double) directory.fileLength() / voxels);
                    HierarchyOptions hierarchy = store.hierarchyOptions();
                    if (hierarchy != null) {
                        // Section 18: its version, checksum, fingerprint and every record were checked by opening.
                        StoreFile.Section h = directory.section(StoreLayout.SECTION_VOXEL_HIERARCHY);
                        fields.put(
                                "hierarchy",
                                "section " + StoreLayout.SECTION_VOXEL_HIERARCHY + ", checked at open, read in place");
                        fields.put("hierarchyOptions", hierarchy.toString());
                        fields.put("hierarchyVersion", VoxelHierarchyLayout.DERIVATION_VERSION);
                        fields.put("hierarchyBytes", h.length());
                    }
                }
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            StringBuilder b = new StringBuilder("{\"file\":").append(Json.string(file.toString()));
            for (Map.Entry<String, Object> e : fields.entrySet()) {
                Object v = e.getValue();
                b.append(",\"")
                        .append(e.getKey())
                        .append("\":")
                        .append(
                                v instanceof Double d
                                        ? Json.number(d)
                                        : v instanceof Number n ? n.toString() : Json.string(v.toString()));
            }
            b.append(",\"sections\":[");
            for (int i = 0; i < sections.size(); i++) {
                StoreFile.Section s = sections.get(i);
                b.append(i > 0 ? "," : "")
                        .append("{\"id\":")
                        .append(s.id())
                        .append(",\"name\":")
                        .append(Json.string(s.name()))
                        .append(",\"offset\":")
                        .append(s.offset())
                        .append(",\"length\":")
                        .append(s.length())
                        .append(",\"crc32c\":")
                        .append(Json.string(String.format("%08x", s.crc())))
                        .append(",\"fingerprint\":")
                        .append(s.hasFingerprint() ? Json.string(s.fingerprintHex()) : "null")
                        .append('}');
            }
            out.println(b.append("]}"));
        } else {
            out.println(file);
            for (Map.Entry<String, Object> e : fields.entrySet()) {
                Object v = e.getValue();
                out.printf(
                        Locale.ROOT,
                        "  %-17s %s%n",
                        e.getKey(),
                        v instanceof Double d ? String.format(Locale.ROOT, "%.6f", d) : v);
            }
            out.printf(
                    Locale.ROOT,
                    "  %-3s %-15s %12s %14s %-8s %s%n",
                    "id",
                    "section",
                    "offset",
                    "length",
                    "crc32c",
                    "fingerprint");
            for (StoreFile.Section s : sections) {
                out.printf(
                        Locale.ROOT,
                        "  %-3d %-15s %12d %14d %08x %s%n",
                        s.id(),
                        s.name(),
                        s.offset(),
                        s.length(),
                        s.crc(),
                        s.hasFingerprint() ? s.fingerprintHex().substring(0, 16) + "..." : "-");
            }
        }
        out.flush();
        return 0;
    }
}
