package dl2.kubernetes.driver;

import dl2.kubernetes.api.Labels;
import dl2.placement.FewestNodes;
import dl2.placement.InterferenceAware;
import dl2.placement.Placements;
import dl2.slot.StablePlacement;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTerm;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTermBuilder;

/**
 * What a pod template fixed when its Job is created can carry of a placement (Project; dl2-spec
 * §11's drivers that leave placement to kube-scheduler or Volcano): not a node per slot, but the
 * placement's shape, as preferences that scheduler weighs for every pod it places. {@code
 * fewest-nodes} prefers the nodes of the job's own pods; {@code interference-aware} that, and, less
 * strongly, nodes without other jobs' pods; {@code least-loaded} and plug-ins add nothing.
 */
public enum PlacementAffinity {
  /**
   * Nothing added: {@code least-loaded} (kube-scheduler's and Volcano's default scoring already
   * favour the least-allocated node, and the template stays as it was before placements), or a
   * plug-in, whose rule no template can state.
   */
  NONE,
  /** {@code fewest-nodes}: the job's pods together on as few nodes as the scheduler allows. */
  CONSOLIDATE,
  /** {@code interference-aware}: together, and apart from other jobs' pods. */
  CONSOLIDATE_APART;

  /** Pods on one node share a topology domain: the node's hostname label. */
  static final String NODE = "kubernetes.io/hostname";

  /** The largest weight Kubernetes allows: consolidation is the first rule of both placements. */
  static final int TOGETHER_WEIGHT = 100;

  /**
   * Lower than together: interference-aware keeps to a job's own nodes first and avoids others only
   * among them.
   */
  static final int APART_WEIGHT = 50;

  /**
   * The affinity of the placement called {@code placement}; null is the default, least-loaded.
   * {@code stable-PLACEMENT} (which the controller runs anyway) has PLACEMENT's.
   */
  public static PlacementAffinity of(String placement) {
    String inner = placement == null ? null : unstable(placement);
    if (inner == null) {
      return NONE;
    }
    return switch (inner) {
      case FewestNodes.NAME -> CONSOLIDATE;
      case InterferenceAware.NAME -> CONSOLIDATE_APART;
      default -> NONE;
    };
  }

  /**
   * Whether {@code placement} is a built-in one (null: the default), whose affinity is {@link #of}
   * it.
   */
  public static boolean isBuiltIn(String placement) {
    return placement == null || Placements.NAMES.contains(unstable(placement));
  }

  /**
   * The placement of new tasks that {@code stable} or {@code stable-PLACEMENT} names (least-loaded
   * for stable); any other itself.
   */
  private static String unstable(String placement) {
    return StablePlacement.parse(placement).map(StablePlacement::newTasks).orElse(placement);
  }

  /**
   * {@code own} (a template's affinity; may be null) with this placement's preferences for the pods
   * of {@code job} added after its own terms; {@code own} itself for {@link #NONE}.
   */
  Affinity addedTo(Affinity own, String job) {
    if (this == NONE) {
      return own;
    }
    AffinityBuilder affinity = own == null ? new AffinityBuilder() : new AffinityBuilder(own);
    affinity
        .editOrNewPodAffinity()
        .addToPreferredDuringSchedulingIgnoredDuringExecution(together(job))
        .endPodAffinity();
    if (this == CONSOLIDATE_APART) {
      affinity
          .editOrNewPodAntiAffinity()
          .addToPreferredDuringSchedulingIgnoredDuringExecution(apart(job))
          .endPodAntiAffinity();
    }
    return affinity.build();
  }

  private static WeightedPodAffinityTerm together(String job) {
    return new WeightedPodAffinityTermBuilder()
        .withWeight(TOGETHER_WEIGHT)
        .withNewPodAffinityTerm()
        .withNewLabelSelector()
        .addToMatchLabels(Labels.JOB, job)
        .endLabelSelector()
        .withTopologyKey(NODE)
        .endPodAffinityTerm()
        .build();
  }

  /**
   * Pods of another job: NotIn alone would also match pods without the label, which are no job's.
   */
  private static WeightedPodAffinityTerm apart(String job) {
    return new WeightedPodAffinityTermBuilder()
        .withWeight(APART_WEIGHT)
        .withNewPodAffinityTerm()
        .withNewLabelSelector()
        .addNewMatchExpression()
        .withKey(Labels.JOB)
        .withOperator("Exists")
        .endMatchExpression()
        .addNewMatchExpression()
        .withKey(Labels.JOB)
        .withOperator("NotIn")
        .withValues(job)
        .endMatchExpression()
        .endLabelSelector()
        .withTopologyKey(NODE)
        .endPodAffinityTerm()
        .build();
  }
}
