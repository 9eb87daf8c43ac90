package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.Grid;
import org.onepath.GridFlowField;
import org.onepath.GridOptions;
import org.onepath.cells.Cell;

/**
 * {@code onepath scen --alg flow} (a whole-map flow field to each goal, read at the start) on the
 * hand-made maps and on part of the Moving AI data, and {@code onepath state inspect} of a flow
 * field's state (kind 7).
 */
class FlowCommandTest {
    @TempDir
    Path dir;

    @Test
    void flowMatchesTheHandMadeProblems() {
        Path scen = Fixtures.mapA(dir, "a.map");
        CliRun run = CliRun.of("scen", "--json", "--alg", "flow,astar", scen.toString());
        assertEquals(0, run.status(), run::toString);
        Map<String, Object> json = ScenCommandTest.json(run);
        for (Object o : MiniJson.array(json.get("results"))) {
            Map<String, Object> r = MiniJson.object(o);
            assertEquals(0, MiniJson.integer(r.get("mismatches")), () -> r.get("alg") + ": " + run);
            assertEquals(Fixtures.MAP_A_PROBLEMS.size(), MiniJson.integer(r.get("problems")));
        }
    }

    @Test
    void flowMatchesThePublishedLengthsOnADaoSubset() {
        String property = System.getProperty("onepath.data");
        Path root = property == null || property.isBlank() ? Path.of("../../shared/data") : Path.of(property);
        Path scen = root.resolve("movingai/dao/den101d.map.scen");
        assumeTrue(
                Files.isRegularFile(scen),
                () -> "Moving AI file " + scen.toAbsolutePath().normalize()
                        + " is missing (set -Donepath.data); skipping the flow subset");
        CliRun run = CliRun.of("scen", "--json", "--alg", "flow", "--limit", "60", "--warmup", "0", scen.toString());
        assertEquals(0, run.status(), run::toString);
        Map<String, Object> r = MiniJson.object(
                MiniJson.array(ScenCommandTest.json(run).get("results")).getFirst());
        assertEquals("flow", r.get("alg"));
        assertEquals(60, MiniJson.integer(r.get("problems")));
        assertEquals(0, MiniJson.integer(r.get("mismatches")));
        assertTrue(MiniJson.integer(r.get("expanded")) > 60, "fields settle cells: " + r);
    }

    @Test
    void inspectDecodesAFlowFieldState() throws IOException {
        Path file = dir.resolve("field.state");
        try (Grid grid = Grid.fromText("""
                .....
                .##..
                .....
                """);
                GridFlowField field =
                        grid.createFlowField(List.of(new Cell(4, 2), new Cell(4, 2)), GridOptions.DEFAULT)) {
            grid.setWalkable(0, 0, false);
            Files.write(file, field.saveState());
        }
        CliRun text = CliRun.of("state", "inspect", file.toString());
        assertEquals(0, text.status(), text::toString);
        for (String line : List.of(
                "kind: 7 (GridFlowField)\n",
                "width: 5\n",
                "height: 3\n",
                "goals: 2 as created (1 distinct)\n",
                "pendingEdits: 1\n",
                "status: 2 (complete)\n",
                "reached: 13\n",
                "steps: 12\n",
                "open: 0\n")) {
            assertTrue(text.out().contains(line), () -> "'" + line + "' missing from\n" + text);
        }
        CliRun json = CliRun.of("state", "inspect", "--json", file.toString());
        assertEquals(0, json.status(), json::toString);
        Map<String, Object> report = MiniJson.object(MiniJson.parse(json.out()));
        assertEquals(true, report.get("decoded"));
        Map<String, Object> flow = MiniJson.object(report.get("flow"));
        assertEquals(15, MiniJson.integer(flow.get("nodeCount")));
        assertEquals("complete", flow.get("statusName"));

        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 5] ^= 0x40; // inside the last step record: a next cell far outside the grid
        Path bad = dir.resolve("bad.state");
        Files.write(bad, bytes);
        String line = CliRun.of("state", "inspect", bad.toString()).assertBadInput();
        assertTrue(line.startsWith("onepath: " + bad + ": "), line);
        assertTrue(line.contains("flow.step["), line);
    }
}
