package dl2.schedulers.typed;

import dl2.registry.Registry;
import dl2.registry.Trait;
import dl2.schedulers.OptimusRemaining;
import dl2.slot.Scheduler;

/**
 * The heterogeneity-aware greedy rules, registered by name: {@code optimus-remaining} and {@code
 * optimus-last-slot} kept on one GPU type per job, each with factors measured from observed
 * progress and as an oracle that reads the cluster's true factors
 * (docs/heuristics/heterogeneity-aware.md).
 */
public final class TypedSchedulers {
  public static final String OPTIMUS_REMAINING_TYPED = "optimus-remaining-typed";
  public static final String OPTIMUS_REMAINING_TYPED_ORACLE = "optimus-remaining-typed-oracle";
  public static final String OPTIMUS_LAST_SLOT_TYPED = "optimus-last-slot-typed";
  public static final String OPTIMUS_LAST_SLOT_TYPED_ORACLE = "optimus-last-slot-typed-oracle";

  public static final String OPTIMUS_REMAINING_TYPED_PER_COST = "optimus-remaining-typed-per-cost";
  public static final String OPTIMUS_REMAINING_TYPED_PER_COST_ORACLE =
      "optimus-remaining-typed-per-cost-oracle";

  /** How the shipped rules choose a job's type, chosen on validation traces. */
  public static final TypeChoice SHIPPED = TypeChoice.FASTEST;

  private TypedSchedulers() {}

  /** {@code registry} with the heterogeneity-aware rules after its own. */
  public static Registry<Scheduler> with(Registry<Scheduler> registry) {
    OptimusRemaining.Rank remaining = OptimusRemaining.SHIPPED;
    OptimusRemaining.Rank lastSlot = OptimusRemaining.Rank.GAIN_WITHIN_LAST_SLOT;
    return registry
        .with(
            OPTIMUS_REMAINING_TYPED,
            l -> TypedGreedy.measured(OPTIMUS_REMAINING_TYPED, remaining, SHIPPED),
            Trait.GPU_TYPE_AWARE,
            Trait.PLACES_ITS_OWN_TASKS)
        .with(
            OPTIMUS_REMAINING_TYPED_ORACLE,
            l -> TypedGreedy.oracle(OPTIMUS_REMAINING_TYPED_ORACLE, remaining, SHIPPED),
            Trait.GPU_TYPE_AWARE,
            Trait.PLACES_ITS_OWN_TASKS,
            Trait.ORACLE)
        .with(
            OPTIMUS_LAST_SLOT_TYPED,
            l -> TypedGreedy.measured(OPTIMUS_LAST_SLOT_TYPED, lastSlot, SHIPPED),
            Trait.GPU_TYPE_AWARE,
            Trait.PLACES_ITS_OWN_TASKS)
        .with(
            OPTIMUS_LAST_SLOT_TYPED_ORACLE,
            l -> TypedGreedy.oracle(OPTIMUS_LAST_SLOT_TYPED_ORACLE, lastSlot, SHIPPED),
            Trait.GPU_TYPE_AWARE,
            Trait.PLACES_ITS_OWN_TASKS,
            Trait.ORACLE)
        // the choice not shipped, kept by name so that the docs' comparison reruns (not a row of
        // compare's defaults)
        .with(
            OPTIMUS_REMAINING_TYPED_PER_COST,
            l ->
                TypedGreedy.measured(
                    OPTIMUS_REMAINING_TYPED_PER_COST, remaining, TypeChoice.PER_COST),
            Trait.PLACES_ITS_OWN_TASKS)
        .with(
            OPTIMUS_REMAINING_TYPED_PER_COST_ORACLE,
            l ->
                TypedGreedy.oracle(
                    OPTIMUS_REMAINING_TYPED_PER_COST_ORACLE, remaining, TypeChoice.PER_COST),
            Trait.PLACES_ITS_OWN_TASKS,
            Trait.ORACLE);
  }
}
