// SPDX-License-Identifier: Apache-2.0
/*
 * sp_soc_selector.v - forms profile tuples from the instructions the core
 * retires, as the paper's Section 2.1 selector does, and hands them to the
 * stratprof block's tuple port (registers: fpga/soc/fw/sp_soc.h, SEL_*).
 *
 * It watches PicoRV32's retirement port (RVFI) rather than its memory bus:
 * the core fetches the next sequential instruction while a branch executes
 * and drops that fetch when the branch is taken, so the bus alone does not
 * say which fetched instruction ran.  The retirement port gives, for each
 * instruction, its word, its PC, the next PC and the value written to rd,
 * so the tuples are exact:
 *   load            <PC, loaded value>  kind 0   (enable LOAD)
 *   branch          <PC, next PC>       kind 1   (enable BRANCH; taken or not)
 *   jal/jalr        <PC, target>        kind 1   (enable JUMP; returns included)
 *   jal/jalr, rd = ra or t0  <PC, callee>  kind 2 (enable CALL)
 * Only instructions with PC_LO <= PC < PC_HI give tuples.  Every candidate
 * instruction is counted once: SEEN = SENT + RANGE + DISABLED + LOST, with
 * SENT counted when the block takes the tuple (so the sum holds whenever
 * the one-tuple port register is empty, STATUS.PENDING = 0).
 *
 * In INJECT mode the port carries tuples software writes instead (the
 * firmware's self-check compares the block with the C model on them).
 *
 * The selector also tells the system registers when the core is in its
 * interrupt handler: from the retirement of the handler's first
 * instruction (RVFI intr) to that of its retirq.
 */
`resetall
`default_nettype none

module sp_soc_selector (
    input  wire        clk_i,
    input  wire        rst_i,
    // the core's retirement port (PicoRV32 built with RISCV_FORMAL)
    input  wire        rvfi_valid_i,
    input  wire [31:0] rvfi_insn_i,
    input  wire [31:0] rvfi_pc_rdata_i,
    input  wire [31:0] rvfi_pc_wdata_i,
    input  wire [31:0] rvfi_rd_wdata_i,
    input  wire        rvfi_intr_i,
    // bus window
    input  wire        valid_i,
    output reg         ready_o,
    input  wire [5:0]  addr_i,    // byte offset
    input  wire [31:0] wdata_i,
    input  wire        we_i,
    output reg  [31:0] rdata_o,
    // the block's tuple port
    output wire        tuple_valid_o,
    input  wire        tuple_ready_i,
    output wire [2:0]  tuple_kind_o,
    output wire [31:0] tuple_word0_o,
    output wire [31:0] tuple_word1_o,
    output wire        tuple_inject_o, // the port's tuple was written by software
    // the core is in its interrupt handler
    output wire        in_handler_o,
    output wire        handler_entry_o
);

    localparam [6:0] OP_LOAD = 7'b0000011, OP_BRANCH = 7'b1100011,
                     OP_JAL = 7'b1101111, OP_JALR = 7'b1100111, OP_CUSTOM0 = 7'b0001011;
    localparam [6:0] F7_RETIRQ = 7'b0000010;

    // ---- registers
    reg [8:0]  ctrl_q;
    reg [31:0] pc_lo_q, pc_hi_q, inj_w0_q, inj_w1_q;
    reg [31:0] seen_q, sent_q, range_q, disabled_q, lost_q, inj_sent_q, inj_lost_q;
    reg        out_valid_q, out_inj_q;
    reg [2:0]  out_kind_q;
    reg [31:0] out_w0_q, out_w1_q;
    reg        in_handler_q;

    // ---- classify the retired instruction
    wire [6:0] opcode  = rvfi_insn_i[6:0];
    wire [4:0] rd      = rvfi_insn_i[11:7];
    wire       is_load = opcode == OP_LOAD;
    wire       is_br   = opcode == OP_BRANCH;
    wire       is_jump = opcode == OP_JAL || opcode == OP_JALR;
    wire       is_call = is_jump && (rd == 5'd1 || rd == 5'd5);
    wire       is_retirq = opcode == OP_CUSTOM0 && rvfi_insn_i[31:25] == F7_RETIRQ;
    wire       candidate = rvfi_valid_i && (is_load || is_br || is_jump);
    wire       enabled = !ctrl_q[8] &&
                         ((is_load && ctrl_q[0]) || (is_br && ctrl_q[1]) ||
                          (is_jump && !is_call && ctrl_q[2]) || (is_call && ctrl_q[3]));
    wire       in_range = rvfi_pc_rdata_i >= pc_lo_q && rvfi_pc_rdata_i < pc_hi_q;
    wire [2:0] kind = is_load ? 3'd0 : (is_call ? 3'd2 : 3'd1);
    wire [31:0] word1 = is_load ? rvfi_rd_wdata_i : rvfi_pc_wdata_i;
    wire [12:0] unused_insn = rvfi_insn_i[24:12];  // operands the selector does not need

    // ---- the port register: a new tuple fits if it is empty or empties now
    wire taken    = out_valid_q && tuple_ready_i;
    wire room     = !out_valid_q || tuple_ready_i;
    wire core_new = candidate && in_range && enabled;
    wire access   = valid_i && !ready_o;
    wire inj_push = access && we_i && addr_i == 6'h18;
    wire inj_new  = inj_push && ctrl_q[8];

    always @(posedge clk_i) begin
        if (rst_i) begin
            ctrl_q      <= 9'd0;
            pc_lo_q     <= 32'd0;
            pc_hi_q     <= 32'hFFFF_FFFF;
            inj_w0_q    <= 32'd0;
            inj_w1_q    <= 32'd0;
            seen_q      <= 32'd0;
            sent_q      <= 32'd0;
            range_q     <= 32'd0;
            disabled_q  <= 32'd0;
            lost_q      <= 32'd0;
            inj_sent_q  <= 32'd0;
            inj_lost_q  <= 32'd0;
            out_valid_q <= 1'b0;
            out_inj_q   <= 1'b0;
            out_kind_q  <= 3'd0;
            out_w0_q    <= 32'd0;
            out_w1_q    <= 32'd0;
            in_handler_q <= 1'b0;
            ready_o     <= 1'b0;
            rdata_o     <= 32'd0;
        end else begin
            // handler tracking
            if (rvfi_valid_i && rvfi_intr_i)
                in_handler_q <= 1'b1;
            else if (rvfi_valid_i && is_retirq)
                in_handler_q <= 1'b0;

            // the port: the core's tuples and injected ones never meet,
            // since INJECT turns the core's off
            if (taken) begin
                out_valid_q <= 1'b0;
                if (out_inj_q) inj_sent_q <= inj_sent_q + 32'd1;
                else           sent_q     <= sent_q + 32'd1;
            end
            if (candidate) begin
                seen_q <= seen_q + 32'd1;
                if (!in_range)      range_q    <= range_q + 32'd1;
                else if (!enabled)  disabled_q <= disabled_q + 32'd1;
                else if (!room)     lost_q     <= lost_q + 32'd1;
            end
            if (core_new && room) begin
                out_valid_q <= 1'b1;
                out_inj_q   <= 1'b0;
                out_kind_q  <= kind;
                out_w0_q    <= rvfi_pc_rdata_i;
                out_w1_q    <= word1;
            end
            if (inj_push) begin
                if (inj_new && room) begin
                    out_valid_q <= 1'b1;
                    out_inj_q   <= 1'b1;
                    out_kind_q  <= wdata_i[2:0];
                    out_w0_q    <= inj_w0_q;
                    out_w1_q    <= inj_w1_q;
                end else begin
                    inj_lost_q <= inj_lost_q + 32'd1;
                end
            end

            // bus
            ready_o <= access;
            if (access) begin
                case (addr_i)
                    6'h00: rdata_o <= {23'd0, ctrl_q};
                    6'h04: rdata_o <= pc_lo_q;
                    6'h08: rdata_o <= pc_hi_q;
                    6'h0C: rdata_o <= {30'd0, out_valid_q, !out_valid_q};
                    6'h10: rdata_o <= inj_w0_q;
                    6'h14: rdata_o <= inj_w1_q;
                    6'h20: rdata_o <= seen_q;
                    6'h24: rdata_o <= sent_q;
                    6'h28: rdata_o <= range_q;
                    6'h2C: rdata_o <= disabled_q;
                    6'h30: rdata_o <= lost_q;
                    6'h34: rdata_o <= inj_sent_q;
                    6'h38: rdata_o <= inj_lost_q;
                    default: rdata_o <= 32'd0;
                endcase
                if (we_i) begin
                    case (addr_i)
                        6'h00: ctrl_q   <= {wdata_i[8], 4'd0, wdata_i[3:0]};
                        6'h04: pc_lo_q  <= wdata_i;
                        6'h08: pc_hi_q  <= wdata_i;
                        6'h10: inj_w0_q <= wdata_i;
                        6'h14: inj_w1_q <= wdata_i;
                        6'h1C: begin
                            seen_q     <= 32'd0;
                            sent_q     <= 32'd0;
                            range_q    <= 32'd0;
                            disabled_q <= 32'd0;
                            lost_q     <= 32'd0;
                            inj_sent_q <= 32'd0;
                            inj_lost_q <= 32'd0;
                        end
                        default: ;
                    endcase
                end
            end
        end
    end

    assign tuple_valid_o   = out_valid_q;
    assign tuple_kind_o    = out_kind_q;
    assign tuple_word0_o   = out_w0_q;
    assign tuple_word1_o   = out_w1_q;
    assign tuple_inject_o  = out_inj_q;
    assign in_handler_o    = in_handler_q;
    assign handler_entry_o = rvfi_valid_i && rvfi_intr_i;

endmodule

`resetall
