package org.onepath.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.onepath.GoalBoundsPieces;
import org.onepath.Grid;
import org.onepath.io.MovingAiMap;

/**
 * The work of a goal-bounds bake of every map in some folders, without baking: a bake runs one
 * search per jump point over the map's open cells, so its cost is close to proportional to the sum
 * over the maps of jump points times walkable cells. Prints that sum per folder; docs/scale.md
 * multiplies it by the per-core rate measured here.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp spark/target/test-classes:$(cat spark/target/classpath.txt) \
 *     org.onepath.spark.BakeCostModel FOLDER...
 * </pre>
 */
public final class BakeCostModel {
    private BakeCostModel() {}

    public static void main(String[] args) throws IOException {
        for (String folder : args) {
            List<Path> maps;
            try (Stream<Path> walk = Files.walk(Path.of(folder))) {
                maps = walk.filter(p -> p.toString().endsWith(".map")).sorted().toList();
            }
            double work = 0;
            long jumpPoints = 0;
            double largest = 0;
            String largestName = "";
            for (Path map : maps) {
                try (Grid grid = MovingAiMap.read(map).toGrid();
                        GoalBoundsPieces pieces = grid.goalBoundsPieces()) {
                    long walkable = 0;
                    for (int y = 0; y < grid.height(); y++) {
                        for (int x = 0; x < grid.width(); x++) {
                            if (grid.isWalkable(x, y)) {
                                walkable++;
                            }
                        }
                    }
                    double w = (double) pieces.jumpPointCount() * walkable;
                    work += w;
                    jumpPoints += pieces.jumpPointCount();
                    if (w > largest) {
                        largest = w;
                        largestName = map.getFileName().toString();
                    }
                }
            }
            System.out.printf(
                    Locale.ROOT,
                    "%s: %d maps, %d jump points, sum of jump points x walkable cells %.4e (largest %s %.4e)%n",
                    folder,
                    maps.size(),
                    jumpPoints,
                    work,
                    largestName,
                    largest);
        }
    }
}
