package dl2.speed;

import dl2.io.InputException;
import dl2.model.ClusterSpec;
import dl2.model.JobType;
import dl2.model.ModelCatalogue;
import dl2.model.Resources;
import dl2.model.Task;
import java.util.List;
import java.util.Map;

/**
 * The models a user declared ({@link ModelFileReader}): the catalogue traces and speed tables look
 * names up in, and the speed curve of each declared model that has one. A declared model without a
 * curve takes its speeds from a speed table. The simulator alone sees the curves; the policy sees a
 * declared model's jobs only through what the cluster observes of them.
 *
 * @param file where the models were declared, for error messages
 * @param lines the line of each declared model in {@code file}
 */
public record DeclaredModels(
    String file,
    ModelCatalogue catalogue,
    Map<JobType, OptimusCurve> curves,
    Map<JobType, Long> lines) {
  /** No declarations: the eight built-in models with their own speed model. */
  public static final DeclaredModels NONE =
      new DeclaredModels("", ModelCatalogue.BUILT_IN, Map.of(), Map.of());

  public DeclaredModels {
    curves = Map.copyOf(curves);
    lines = Map.copyOf(lines);
  }

  /** The declared models without a curve, in declaration order: a speed table must cover them. */
  public List<JobType> withoutCurve() {
    return catalogue.declared().stream().filter(t -> !curves.containsKey(t)).toList();
  }

  /**
   * {@code base} for the built-ins (unchanged when nothing is declared) and each curve for its
   * model. Refuses a declared model without a curve when {@code base} is the fitted default.
   */
  public SpeedModel speedModel(SpeedModel base) {
    if (base instanceof FittedOptimusSpeed && !withoutCurve().isEmpty()) {
      JobType type = withoutCurve().get(0);
      throw InputException.at(
          file,
          lines.get(type),
          "a",
          "model "
              + type.modelName()
              + " has no speed curve (a,b,c,d,e); give one, or give its speeds with --speed-table");
    }
    return curves.isEmpty() ? base : new DeclaredSpeed(base, curves);
  }

  /**
   * Refuses a declared model one of whose tasks, or whose worker-and-PS bundle, no node of {@code
   * cluster} can host.
   */
  public void requireFits(ClusterSpec cluster) {
    for (JobType type : catalogue.declared()) {
      Resources bundle = type.demand(Task.BUNDLE);
      if (bundle.cores() > cluster.coresPerNode() || bundle.gpus() > cluster.gpusPerNode()) {
        throw InputException.at(
            file,
            lines.get(type),
            "worker_cores",
            "a worker and a PS of "
                + type.modelName()
                + " take "
                + bundle.cores()
                + " cores and "
                + bundle.gpus()
                + " GPUs, more than a node's "
                + cluster.coresPerNode()
                + " cores and "
                + cluster.gpusPerNode()
                + " GPUs, so its jobs could never run");
      }
    }
  }
}
