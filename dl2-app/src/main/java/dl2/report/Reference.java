package dl2.report;

import dl2.schedulers.registry.Schedulers;
import java.util.ArrayList;
import java.util.List;

/**
 * A scheduler others are measured against. {@code role} names why: the paper's normaliser (drf),
 * DL2's target (optimus, knowing the true speed model), the published Optimus (optimus-fitted), or
 * {@link #BEST_HEURISTIC}, whichever non-learned scheduler did best on these traces.
 */
public record Reference(String role, String scheduler) {
  public static final String BEST_HEURISTIC = "best heuristic";

  /** The fixed references, in the order tables list them. */
  public static final List<String> FIXED =
      List.of(Schedulers.DRF, Schedulers.OPTIMUS, Schedulers.OPTIMUS_FITTED);

  /**
   * The references a comparison can use: those of {@link #FIXED} it ran, then its best heuristic.
   */
  public static List<Reference> of(Comparison comparison) {
    List<Reference> references = new ArrayList<>();
    for (String name : FIXED) {
      comparison.run(name).ifPresent(r -> references.add(new Reference(name, name)));
    }
    comparison
        .bestHeuristic()
        .ifPresent(best -> references.add(new Reference(BEST_HEURISTIC, best)));
    return references;
  }

  /** "optimus", or "best heuristic (optimus)". */
  public String label() {
    return role.equals(scheduler) ? scheduler : role + " (" + scheduler + ")";
  }

  /** The key in results.json: the scheduler name, or {@code best_heuristic}. */
  public String jsonKey() {
    return role.equals(scheduler) ? scheduler : role.replace(' ', '_');
  }
}
