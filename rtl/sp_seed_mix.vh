// SPDX-License-Identifier: Apache-2.0
// sp_seed_mix.vh - the integer hash a SEED value goes through to become the
// random generator's state (docs/spec.md 5.1; the model's sp_seed_mix()).
// Included inside a module: sp_regs runs it over a SEED write's wait
// states, a step a clock; sp_stage1 works out the reset state from it.
//
// Two rounds of Thomas Wang's hash32shift without its complement, so that 0
// maps to 0 and stays the only seed with a zero state.  A round is three
// steps of at most two adds each, so that each step fits a clock beside the
// rest of the block and one step's logic serves all six.
`ifndef SP_SEED_MIX_VH
`define SP_SEED_MIX_VH
`define SP_SEED_MIX_STEPS 6
`endif

    // the step that runs when LEFT steps of the hash remain (6 down to 1):
    // steps 1, 2, 3 of a round, twice
    function [31:0] sp_seed_mix_step(input [2:0] left, input [31:0] x);
        reg [31:0] t;
        begin
            case (left)
                3'd6, 3'd3: begin
                    t = (x << 15) - x;
                    t = t ^ (t >> 12);
                end
                3'd5, 3'd2: begin
                    t = x + (x << 2);
                    t = t ^ (t >> 4);
                end
                default: begin
                    t = x + (x << 3) + (x << 11);
                    t = t ^ (t >> 16);
                end
            endcase
            sp_seed_mix_step = t;
        end
    endfunction

    // the whole hash (for constant expressions)
    function [31:0] sp_seed_mix(input [31:0] seed);
        reg [31:0] t;
        integer    left;
        begin
            t = seed;
            for (left = `SP_SEED_MIX_STEPS; left > 0; left = left - 1)
                t = sp_seed_mix_step(left[2:0], t);
            sp_seed_mix = t;
        end
    endfunction
