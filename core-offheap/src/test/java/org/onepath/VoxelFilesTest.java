package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.onepath.cells.GridFormatException;
import org.onepath.cells.PathStatus;
import org.onepath.io.VoxelMap;
import org.onepath.io.VoxelScenario;
import org.onepath.io.VoxelScenarios;

/** Moving AI voxel files: {@code .3dmap} and {@code .3dscen} parsing, errors, and the published benchmark lengths. */
class VoxelFilesTest {

    private static VoxelMap map(String text) {
        return VoxelMap.parse("test.3dmap", text.getBytes(StandardCharsets.ISO_8859_1));
    }

    // ---- good files ----

    @Test
    void parsesASmallMap() {
        VoxelMap m = map("voxel 4 3 2\n0 0 0\n3 2 1\n1 2 0\n");
        assertEquals("test.3dmap", m.source());
        assertEquals(4, m.sizeX());
        assertEquals(3, m.sizeY());
        assertEquals(2, m.sizeZ());
        assertEquals(3, m.solidCount());
        try (VoxelGrid grid = m.toGrid()) {
            assertEquals(4, grid.sizeX());
            assertEquals(3, grid.sizeY());
            assertEquals(2, grid.sizeZ());
            int solid = 0;
            for (int z = 0; z < 2; z++) {
                for (int y = 0; y < 3; y++) {
                    for (int x = 0; x < 4; x++) {
                        boolean expected = (x == 0 && y == 0 && z == 0)
                                || (x == 3 && y == 2 && z == 1)
                                || (x == 1 && y == 2 && z == 0);
                        assertEquals(expected, !grid.isWalkable(x, y, z), "(" + x + "," + y + "," + z + ")");
                        solid += expected ? 1 : 0;
                        if (!expected) {
                            assertEquals(0, grid.area(x, y, z));
                        }
                    }
                }
            }
            assertEquals(3, solid);
        }
    }

    @Test
    void mapToleratesCrlfTabsBlankLinesAndNoFinalNewline() {
        VoxelMap m = map("\r\nvoxel\t5  6 7\r\n\r\n4\t5 6\r\n  0 0 0  \r\n\n1 1 1");
        assertEquals(5, m.sizeX());
        assertEquals(6, m.sizeY());
        assertEquals(7, m.sizeZ());
        assertEquals(3, m.solidCount());
        try (VoxelGrid grid = m.toGrid()) {
            assertFalse(grid.isWalkable(4, 5, 6));
            assertFalse(grid.isWalkable(0, 0, 0));
            assertFalse(grid.isWalkable(1, 1, 1));
            assertTrue(grid.isWalkable(1, 1, 0));
        }
        VoxelMap empty = map("voxel 2 2 2\n");
        assertEquals(0, empty.solidCount());
    }

    @Test
    void parsesSmallScenarios() {
        List<VoxelScenario> list = VoxelScenarios.parse(
                "test.3dscen", "version 1\nmaps/Tiny.3dmap\n0 1 2 3 2 1 4.24264069 1.000\r\n\n5\t4 3 2 1 0 7.5 1.25\n");
        assertEquals(2, list.size());
        VoxelScenario a = list.get(0);
        assertEquals("maps/Tiny.3dmap", a.map());
        assertEquals("Tiny.3dmap", a.mapFileName());
        assertEquals(new VoxelCell(0, 1, 2), a.start());
        assertEquals(new VoxelCell(3, 2, 1), a.goal());
        assertEquals(4.24264069, a.optimalLength());
        assertEquals(1.0, a.ratio());
        VoxelScenario b = list.get(1);
        assertEquals(new VoxelScenario("maps/Tiny.3dmap", 5, 4, 3, 2, 1, 0, 7.5, 1.25), b);
        assertTrue(VoxelScenarios.parse("s", "version 1\nA.3dmap\n").isEmpty());
    }

    @Test
    void aParsedProblemRunsOnTheParsedMap() {
        VoxelMap m = map("voxel 3 3 3\n1 1 1\n");
        List<VoxelScenario> list = VoxelScenarios.parse("t", "version 1\nt.3dmap\n0 0 0 2 2 2 3.46410162 1.0\n");
        try (VoxelGrid grid = m.toGrid()) {
            VoxelScenario p = list.get(0);
            VoxelPath path = grid.findPath(p.start(), p.goal());
            assertEquals(PathStatus.FOUND, path.status());
            // the centre is solid: no straight corner chain; 2 edge moves + ... cost above 2 sqrt3
            assertTrue(path.cost() > p.optimalLength());
        }
    }

    // ---- malformed maps ----

    private static final Pattern PREFIX = Pattern.compile("^(.*):(\\d+): .+");

    /** Asserts the message is {@code source:LINE: detail} with the given line and a detail containing each fragment. */
    private static void assertFormat(GridFormatException e, String source, int line, String... fragments) {
        String m = e.getMessage();
        Matcher matcher = PREFIX.matcher(m);
        assertTrue(matcher.matches(), "message format 'source:LINE: detail': " + m);
        assertEquals(source, matcher.group(1), m);
        assertEquals(line, Integer.parseInt(matcher.group(2)), m);
        for (String f : fragments) {
            assertTrue(m.contains(f), "message should contain '" + f + "': " + m);
        }
        assertTrue(e instanceof IllegalArgumentException);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "bad keyword         | voxels 4 3 2\\n0 0 0                    | 1 | voxels",
                "missing side        | voxel 4 3\\n0 0 0                       | 1 | voxel 4 3",
                "extra side          | voxel 4 3 2 1\\n                        | 1 | voxel",
                "non-integer side    | voxel 4 x 2\\n                          | 1 | x",
                "zero side           | voxel 4 0 2\\n                          | 1 | 0",
                "negative side       | voxel -4 3 2\\n                         | 1 | -4",
                "header after blanks | \\n\\nvoxel 4 3\\n                      | 3 | voxel",
                "too big             | voxel 2048 1024 1024\\n                 | 1 | 2^30",
                "two fields          | voxel 4 3 2\\n0 0 0\\n1 2\\n            | 3 | 2 fields",
                "four fields         | voxel 4 3 2\\n0 0 0 0\\n                | 2 | 3",
                "non-integer x       | voxel 4 3 2\\n\\n\\na 0 0\\n            | 4 | 'a'",
                "non-integer z       | voxel 4 3 2\\n1 1 1.5\\n                | 2 | 1.5",
                "negative y          | voxel 4 3 2\\n1 -1 1\\n                 | 2 | -1",
                "x out of range      | voxel 4 3 2\\n4 0 0\\n                  | 2 | 0..3",
                "y out of range      | voxel 4 3 2\\n0 0 0\\n0 3 0\\n          | 3 | 0..2",
                "z out of range      | voxel 4 3 2\\n0 0 0\\n0 0 0\\n0 0 2\\n  | 4 | 0..1",
                "huge coordinate     | voxel 4 3 2\\n99999999999999999999 0 0 | 2 | 9999",
                "crlf line count     | voxel 4 3 2\\r\\n0 0 0\\r\\n0 0 9\\r\\n | 3 | 0..1",
            })
    void malformedMapsNameSourceAndLine(String name, String escaped, int line, String fragment) {
        String text = escaped.strip().replace("\\r", "\r").replace("\\n", "\n");
        GridFormatException e = assertThrows(GridFormatException.class, () -> map(text), name);
        assertFormat(e, "test.3dmap", line, fragment);
    }

    @Test
    void anEmptyMapIsLine1() {
        assertFormat(assertThrows(GridFormatException.class, () -> map("")), "test.3dmap", 1, "voxel");
        GridFormatException e = assertThrows(GridFormatException.class, () -> map("\n\n"));
        assertTrue(PREFIX.matcher(e.getMessage()).matches(), e.getMessage());
    }

    // ---- malformed scenarios ----

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "bad version         | version 2\\nA.3dmap\\n                                   | 1 | version",
                "no version          | A.3dmap\\n0 0 0 1 1 1 1.7 1\\n                         | 1 | version",
                "map line has fields | version 1\\n0 0 0 1 1 1 1.7 1\\n                       | 2 | 0 0 0",
                "seven fields        | version 1\\nA.3dmap\\n0 0 0 1 1 1 1.7\\n              | 3 | 7",
                "nine fields         | version 1\\nA.3dmap\\n1 2 3 4 5 6 7 1 9\\n            | 3 | 9",
                "non-integer start   | version 1\\nA.3dmap\\n0 0 0 1 1 1 1 1\\n0 x 0 1 1 1 1 1\\n | 4 | 'x'",
                "fractional goal     | version 1\\nA.3dmap\\n0 0 0 1 1 1.5 1 1\\n            | 3 | 1.5",
                "negative coordinate | version 1\\nA.3dmap\\n\\n0 0 -3 1 1 1 1 1\\n          | 4 | -3",
                "bad length          | version 1\\nA.3dmap\\n0 0 0 1 1 1 long 1\\n           | 3 | long",
                "negative length     | version 1\\nA.3dmap\\n0 0 0 1 1 1 -2 1\\n             | 3 | -2",
                "bad ratio           | version 1\\nA.3dmap\\n0 0 0 1 1 1 2 NaN\\n            | 3 | NaN",
                "crlf line count     | version 1\\r\\nA.3dmap\\r\\n0 0 0\\r\\n                  | 3 | 3",
            })
    void malformedScenariosNameSourceAndLine(String name, String escaped, int line, String fragment) {
        String text = escaped.strip().replace("\\r", "\r").replace("\\n", "\n");
        GridFormatException e =
                assertThrows(GridFormatException.class, () -> VoxelScenarios.parse("test.3dscen", text), name);
        assertFormat(e, "test.3dscen", line, fragment);
    }

    @Test
    void scenariosWithoutTheMapLine() {
        GridFormatException e =
                assertThrows(GridFormatException.class, () -> VoxelScenarios.parse("s.3dscen", "version 1\n"));
        Matcher m = PREFIX.matcher(e.getMessage());
        assertTrue(m.matches(), e.getMessage());
        assertEquals("s.3dscen", m.group(1));
        int line = Integer.parseInt(m.group(2));
        assertTrue(line == 1 || line == 2, "the last line or the one after it: " + e.getMessage());
        e = assertThrows(GridFormatException.class, () -> VoxelScenarios.parse("e.3dscen", ""));
        assertFormat(e, "e.3dscen", 1, "version");
    }

    // ---- the published benchmark ----

    private static Path dataDirectory() {
        String dir = System.getProperty("onepath.data");
        Path path = dir == null ? null : Path.of(dir, "movingai3d");
        assumeTrue(
                path != null && Files.isDirectory(path),
                "Moving AI voxel data not found: no folder movingai3d under onepath.data = " + dir + "; skipping");
        return path;
    }

    @ParameterizedTest(name = "{0}: {1} problems")
    @CsvSource({"Simple, 300", "Complex, 50"})
    void publishedOptimalLengths(String name, int problems) {
        Path dir = dataDirectory();
        Path mapFile = dir.resolve(name + ".3dmap");
        Path scenFile = dir.resolve(name + ".3dmap.3dscen");
        assumeTrue(
                Files.isRegularFile(mapFile) && Files.isRegularFile(scenFile),
                "missing " + mapFile + " or " + scenFile);
        VoxelMap map = VoxelMap.read(mapFile);
        List<VoxelScenario> list = VoxelScenarios.read(scenFile);
        assertTrue(list.size() >= problems, "problems in " + scenFile + ": " + list.size());
        try (VoxelGrid grid = map.toGrid()) {
            for (int i = 0; i < problems; i++) {
                VoxelScenario p = list.get(i);
                assertEquals(name + ".3dmap", p.mapFileName());
                VoxelPath path = grid.findPath(p.start(), p.goal(), VoxelOptions.DEFAULT);
                String where = name + " problem " + i + ": " + p;
                assertEquals(PathStatus.FOUND, path.status(), where);
                double optimal = p.optimalLength();
                assertEquals(optimal, path.cost(), p.matchTolerance(), where);
            }
        }
    }
}
