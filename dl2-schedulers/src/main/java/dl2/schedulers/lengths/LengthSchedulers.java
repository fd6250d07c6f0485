package dl2.schedulers.lengths;

import dl2.registry.Registry;
import dl2.registry.Trait;
import dl2.schedulers.OptimusFitted;
import dl2.schedulers.OptimusRemaining;
import dl2.schedulers.placed.IaGreedy;
import dl2.slot.Scheduler;
import java.util.function.Supplier;

/**
 * The schedulers of docs/job-lengths.md, registered after the other built-ins: the
 * information-matched baselines ({@link Trait#LENGTH_BASELINE}) {@code gittins}, {@code equi},
 * {@code hesrpt}, {@code optimus-remaining-posterior}, {@code optimus-last-slot-posterior} and
 * {@code optimus-fitted-posterior}, the placement-aware greedies on the same posterior ({@code
 * ia-greedy-posterior} and {@code ia-greedy-multistep-posterior}, which compare runs where it runs
 * their base), and the length-oracle reference {@code optimus-remaining-oracle}. The prior comes
 * from {@code prior}, asked once per run that needs it.
 */
public final class LengthSchedulers {
  public static final String GITTINS = "gittins";
  public static final String EQUI = "equi";
  public static final String HESRPT = "hesrpt";
  public static final String OPTIMUS_REMAINING_POSTERIOR = "optimus-remaining-posterior";
  public static final String OPTIMUS_LAST_SLOT_POSTERIOR = "optimus-last-slot-posterior";
  public static final String OPTIMUS_REMAINING_ORACLE = "optimus-remaining-oracle";
  public static final String IA_GREEDY_POSTERIOR = "ia-greedy-posterior";
  public static final String IA_GREEDY_MULTISTEP_POSTERIOR = "ia-greedy-multistep-posterior";
  public static final String OPTIMUS_FITTED_POSTERIOR = "optimus-fitted-posterior";

  private LengthSchedulers() {}

  /** {@code registry} with these schedulers, in place of any of the same names. */
  public static Registry<Scheduler> with(
      Registry<Scheduler> registry, Supplier<LengthPrior> prior) {
    return registry
        .with(GITTINS, l -> new Gittins(prior.get()), Trait.LENGTH_BASELINE, Trait.NEEDS_NO_LENGTHS)
        .with(EQUI, l -> new Equi(), Trait.LENGTH_BASELINE, Trait.NEEDS_NO_LENGTHS)
        .with(HESRPT, l -> new HeSrpt(), Trait.LENGTH_BASELINE)
        .with(
            OPTIMUS_REMAINING_POSTERIOR,
            l ->
                new OptimusRemaining(
                    OptimusRemaining.SHIPPED,
                    OPTIMUS_REMAINING_POSTERIOR,
                    new PosteriorRemaining(prior.get())),
            Trait.LENGTH_BASELINE,
            Trait.NEEDS_NO_LENGTHS)
        .with(
            OPTIMUS_LAST_SLOT_POSTERIOR,
            l ->
                new OptimusRemaining(
                    OptimusRemaining.Rank.GAIN_WITHIN_LAST_SLOT,
                    OPTIMUS_LAST_SLOT_POSTERIOR,
                    new PosteriorRemaining(prior.get())),
            Trait.LENGTH_BASELINE,
            Trait.NEEDS_NO_LENGTHS)
        .with(
            OPTIMUS_FITTED_POSTERIOR,
            l -> new OptimusFitted(OPTIMUS_FITTED_POSTERIOR, new PosteriorRemaining(prior.get())),
            Trait.LENGTH_BASELINE,
            Trait.NEEDS_NO_LENGTHS)
        .with(
            IA_GREEDY_POSTERIOR,
            l ->
                IaGreedy.measured()
                    .believing(IA_GREEDY_POSTERIOR, new PosteriorRemaining(prior.get())),
            Trait.NEEDS_NO_LENGTHS,
            Trait.PLACES_ITS_OWN_TASKS)
        .with(
            IA_GREEDY_MULTISTEP_POSTERIOR,
            l ->
                IaGreedy.measuredMultiStep(
                    IA_GREEDY_MULTISTEP_POSTERIOR, new PosteriorRemaining(prior.get())),
            Trait.NEEDS_NO_LENGTHS,
            Trait.PLACES_ITS_OWN_TASKS)
        .with(
            OPTIMUS_REMAINING_ORACLE,
            l -> OptimusRemainingOracle.create(),
            Trait.LENGTH_ORACLE,
            Trait.ORACLE);
  }
}
