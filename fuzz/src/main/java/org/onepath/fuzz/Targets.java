package org.onepath.fuzz;

import java.util.List;
import java.util.function.Supplier;

/** The fuzz targets, by name. Each call makes new target objects; the caller closes them. */
public final class Targets {
    /** Target names in the order {@code --target all} runs them. */
    public static final List<String> NAMES = List.of(
            "grid",
            "voxel",
            "astar",
            "jps",
            "gridsearch",
            "store",
            "theta",
            "flow",
            "graph",
            "graphastar",
            "gridhpa",
            "replan",
            "movingai-map",
            "movingai-scen",
            "voxel-map",
            "voxel-scen",
            "dimacs",
            "grid-query",
            "grid-jps",
            "grid-theta",
            "grid-flow",
            "voxel-query");

    /**
     * Other names of targets: the spec's names where ours differ. {@code --target} and
     * {@link #create} take them; the target keeps its own name (corpus, findings, reports).
     */
    public static final java.util.Map<String, String> ALIASES = java.util.Map.of("grid-hpa", "gridhpa");

    private Targets() {}

    /** A new target, or null for an unknown name. */
    public static Target create(String name) {
        Supplier<Target> make = switch (ALIASES.getOrDefault(name, name)) {
            case "grid" -> GridTarget::new;
            case "voxel" -> VoxelTarget::new;
            case "astar" -> AStarTarget::new;
            case "jps" -> JpsTarget::new;
            case "gridsearch" -> GridSearchTarget::new;
            case "store" -> StoreTarget::new;
            case "theta" -> ThetaTarget::new;
            case "flow" -> FlowTarget::new;
            case "graph" -> GraphTarget::new;
            case "graphastar" -> GraphAStarTarget::new;
            case "gridhpa" -> GridHpaTarget::new;
            case "replan" -> ReplanTarget::new;
            case "movingai-map" -> MovingAiMapTarget::new;
            case "movingai-scen" -> MovingAiScenTarget::new;
            case "voxel-map" -> VoxelMapTarget::new;
            case "voxel-scen" -> VoxelScenTarget::new;
            case "dimacs" -> DimacsTarget::new;
            case "grid-query" -> () -> new GridQueryTarget("grid-query", false);
            case "grid-jps" -> () -> new GridQueryTarget("grid-jps", true);
            case "grid-theta" -> GridThetaTarget::new;
            case "grid-flow" -> GridFlowQueryTarget::new;
            case "voxel-query" -> VoxelQueryTarget::new;
            default -> null;
        };
        return make == null ? null : make.get();
    }
}
