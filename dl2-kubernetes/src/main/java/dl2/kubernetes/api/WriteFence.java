package dl2.kubernetes.api;

/**
 * Whether this replica may still change the cluster: asked before every write and before every
 * retry of one, so that a replica that knows it lost the Lease writes nothing more, and its queued
 * calls fail at once instead of landing after another replica took over (Project; the Lease of
 * dl2-spec §11's controller).
 */
@FunctionalInterface
public interface WriteFence {
  /** A replica that runs alone: always allowed. */
  WriteFence NONE = () -> {};

  /** Returns if writes are allowed; throws {@link Fenced} if not. */
  void check();

  /** A write refused because this replica no longer leads. */
  final class Fenced extends RuntimeException {
    public Fenced(String message) {
      super(message);
    }
  }
}
