/**
 * The paper's studies (dl2-spec §9): each {@link dl2.experiment.Study} trains and evaluates what it
 * needs through a {@link dl2.experiment.StudyContext} and returns a report for {@code dl2.report}.
 */
package dl2.experiment;
