package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --json} on the commands that print results but had none: {@code bake}, {@code store
 * verify}, {@code render} and {@code demo}. Each prints exactly one JSON object on stdout, with
 * the figures the text form prints.
 */
final class JsonOutputTest {
    @TempDir
    Path dir;

    private Path mapA() throws IOException {
        Path map = dir.resolve("a.map");
        Files.writeString(map, Fixtures.MAP_A);
        return map;
    }

    private static Map<String, Object> onlyObject(CliRun run) {
        assertEquals(0, run.status(), run::toString);
        assertEquals(1, run.outLines().size(), () -> "one line of JSON: " + run.out());
        return MiniJson.object(MiniJson.parse(run.out().strip()));
    }

    @Test
    void bakeAndStoreVerify() throws IOException {
        Path map = mapA();
        Path store = dir.resolve("a.opstore");
        Map<String, Object> baked = onlyObject(CliRun.of("bake", map.toString(), "--out", store.toString(), "--json"));
        List<Object> stores = MiniJson.array(baked.get("stores"));
        assertEquals(1, stores.size());
        Map<String, Object> one = MiniJson.object(stores.getFirst());
        assertEquals(store.toString(), one.get("store"));
        assertEquals("grid", one.get("kind"));
        assertEquals(Files.size(store), MiniJson.integer(one.get("bytes")));

        Map<String, Object> verified = onlyObject(CliRun.of("store", "verify", store.toString(), "--json"));
        assertEquals(true, verified.get("sound"));
        assertEquals("grid", verified.get("kindName"));
        assertEquals(Files.size(store), MiniJson.integer(verified.get("bytes")));
    }

    @Test
    void render() throws IOException {
        Path map = mapA();
        Path png = dir.resolve("a.png");
        Map<String, Object> r = onlyObject(
                CliRun.of("render", map.toString(), "--from", "0,0", "--to", "4,3", "--out", png.toString(), "--json"));
        assertTrue(Files.isRegularFile(png));
        assertEquals("found", r.get("status"));
        assertEquals(5, MiniJson.integer(r.get("width")));
        assertEquals(4, MiniJson.integer(r.get("height")));
        assertTrue(MiniJson.number(r.get("cost")) > 0);
    }

    @Test
    void demo() {
        Path png = dir.resolve("demo.png");
        Map<String, Object> d =
                onlyObject(CliRun.of("demo", "--size", "64", "--queries", "5", "--picture", png.toString(), "--json"));
        assertEquals(true, d.get("agree"));
        List<Object> results = MiniJson.array(d.get("results"));
        assertTrue(results.size() > 5, "one result per engine and the hex row");
        for (Object o : results) {
            assertEquals(5, MiniJson.integer(MiniJson.object(o).get("queries")));
        }
        assertTrue(Files.isRegularFile(png));
    }
}
