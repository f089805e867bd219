package anatomy;

import anatomy.isa.Form;
import anatomy.isa.Isa;
import anatomy.isa.NotJudged;
import anatomy.model.Instruction;
import java.util.List;

/** An operation given by one {@link Form} per ISA: finding it, describing it and what it needs follow from the form. */
interface Formed extends Operation {
    Form form(Isa isa);

    @Override
    default List<Instruction> find(List<Instruction> code, Isa isa) {
        return judged(() -> form(isa).find(code, isa));
    }

    /** What a form answers; where it cannot judge the code on this ISA, jtreg's skip with the form's reason, word for word. */
    static <T> T judged(java.util.function.Supplier<T> answer) {
        try {
            return answer.get();
        } catch (NotJudged here) {
            throw new jtreg.SkippedException(here.getMessage());
        }
    }

    @Override
    default String patterns(Isa isa) {
        return form(isa).describe(isa);
    }

    @Override
    default List<String> related(List<Instruction> code, Isa isa) {
        return form(isa).related(code);
    }

    @Override
    default String absentOn(Isa isa) {
        return form(isa).absentBecause();
    }

    @Override
    default boolean needsInstructions(Isa isa) {
        return form(isa).needsInstructions();
    }
}
