// SPDX-License-Identifier: Apache-2.0
/*
 * sp_regs.v - the Wishbone slave and the registers of docs/spec.md
 * sections 8 and 9 (offsets, fields and codes from rtl/sp_regs.vh, which
 * scripts/gen_regs.py writes from rtl/sp_regs.rdl).
 *
 * Wishbone B4 classic, 32-bit, one access at a time: a cycle with
 * cyc & stb & !ack (the "request cycle") latches the access and raises ack
 * for exactly one later cycle (the "ack cycle"): the next one for most
 * reads, after wait states for writes and for reads from block RAM or the
 * accounting counters (see the state block).  Everything the access does
 * happens at the edge that ends the ack cycle: a write's effect, a
 * rejection's error record, and the side effects of reads (MSG_HEAD pops,
 * SBOX_DATA steps SBOX_ADDR), so a tuple handshaken in the ack cycle is
 * processed before the access, as the model's order requires.  What the
 * access will do (target, read data; a write's error code in its wait
 * cycle) is decided before the ack cycle and registered, which is exact
 * because nothing it depends on can change in between except through the
 * bus (see the read data below).
 *
 * Checks follow sp_reg_write() of the model exactly (spec 8.6): BUSY for
 * configuration while running, then reserved bits, then the fields low to
 * high.  The RTL is not "stopped" while it is busy (STATUS.BUSY), which the
 * model never is.  A rejected write changes nothing but the error record
 * (the first error is kept until ERR_CODE is written) and IRQ_STATUS.ERROR.
 *
 * The message ring's registers (spec 8.8) are here too, with the checks of
 * a RING_RP write against the write pointer sp_ring keeps; a write of the
 * ring that ends in a bus error is recorded like a rejected register write
 * and turns the ring off.
 */
`resetall
`default_nettype none
`include "sp_regs.vh"

module sp_regs #(
    // accounting counter width, 32..64 (reported in PARAMS2)
    parameter ACC_BITS = 64,
    // word width in bits, 32 or 64
    parameter WORD_BITS = 32,
    // log2 of the counter-table entries, 0..12
    parameter TABLE_AW = 12,
    // log2 of the most TAG ways, 0..3
    parameter WAYS_LOG2_MAX = 2,
    // widest tag, 1..8
    parameter TAG_BITS_MAX = 8,
    // counter-table count field, 1..16
    parameter COUNT_BITS = 16,
    // tagged miss counter, 2..4
    parameter MISS_BITS = 4,
    // the tagged compressor is built
    parameter OPT_TAGGED = 1,
    // CR and HCR are built
    parameter OPT_CR = 1,
    // the tagged stratified sampler HTP is built
    parameter OPT_HTP = 1,
    // entries of A_k, 1..64
    parameter ASSOC_K = 16,
    // log2 of the output queue depth, 1..12
    parameter OQ_AW = 8,
    // entries of the PC filter, 0..16 (reported in PARAMS2)
    parameter FILTER_N = 8,
    // log2 of the largest message ring, 0..16; 0: none (reported in PARAMS2)
    parameter RING_AW = 16
) (
    input  wire          clk_i,
    input  wire          rst_i,
    // Wishbone
    input  wire          wb_cyc_i,
    input  wire          wb_stb_i,
    input  wire          wb_we_i,
    input  wire [11:0]   wb_adr_i,
    input  wire [31:0]   wb_dat_i,
    output wire          wb_ack_o,
    output wire [31:0]   wb_dat_o,
    // block state
    input  wire [OQ_AW:0] oq_count_i,
    input  wire          oq_head_valid_i,
    input  wire [2 + 2 * WORD_BITS + `SP_MSG_COUNT_BITS:0] oq_head_i,  // MW bits
    input  wire          flushing_i,
    input  wire          busy_i,
    input  wire [7:0]    sbox_data_i,
    input  wire [31:0]   acc_data_i,
    // the PC filter entry FILTER_SEL selects, as sp_filter reads it back
    input  wire [31:0]   filter_ctrl_i,
    input  wire [31:0]   filter_lo_i,
    input  wire [31:0]   filter_hi_i,
    input  wire [31:0]   filter_hits_i,
    // events for IRQ_STATUS
    input  wire          drop_i,
    input  wire          flush_done_i,
    // the message ring (sp_ring): the write pointer, the pop that steps it
    // at this clock's edge, and a write that ended with a bus error, at this
    // address
    input  wire [(RING_AW > 0 ? RING_AW : 1):0] ring_wp_i,
    input  wire          ring_pop_i,
    input  wire          ring_err_i,
    input  wire [31:0]   ring_err_adr_i,
    // configuration
    output wire          enable_o,
    output wire          drop_policy_o,
    output wire [2:0]    sampler_o,
    output wire          assoc_en_o,
    output wire          discard_o,
    output wire [15:0]   rate_o,
    output wire [3:0]    index_bits_o,
    output wire [1:0]    ways_log2_o,
    output wire [3:0]    tag_bits_o,
    output wire [15:0]   evict_hits_o,
    output wire [3:0]    replace_misses_o,
    // actions, each effective at the edge that ends the ack cycle
    output wire          clear_o,
    output wire          flush_o,
    output wire          snapshot_o,
    output wire          seed_wr_o,
    output wire [31:0]   seed_data_o,
    output wire          sbox_wr_o,
    output wire [7:0]    sbox_addr_o,     // SBOX_ADDR (the entry a SBOX_DATA write writes)
    output wire [7:0]    sbox_raddr_o,    // SBOX_ADDR after this clock (bus copy read port)
    output wire [7:0]    sbox_wdata_o,
    output wire          pop_o,
    // the PC filter: the selected entry and its writes (edge ending the ack cycle)
    output wire [3:0]    filter_sel_o,
    output wire          filter_ctrl_we_o,
    output wire          filter_lo_we_o,
    output wire          filter_hi_we_o,
    output wire [31:0]   filter_data_o,
    // which accounting word the bus reads
    output wire [3:0]    acc_index_o,
    output wire          acc_hi_o,
    // the message ring: RING_CTRL.ENABLE, RING_BASE, RING_SIZE and 2 x RING_SIZE - 1,
    // RING_RP, and a RING_BASE or RING_SIZE write (the write pointer goes to 0)
    output wire          ring_en_o,
    output wire [31:0]   ring_base_o,
    output wire [(RING_AW > 0 ? RING_AW : 1):0] ring_size_o,
    output wire [(RING_AW > 0 ? RING_AW : 1):0] ring_pmask_o,
    output wire [(RING_AW > 0 ? RING_AW : 1):0] ring_rp_o,
    output wire          ring_clear_o,
    // interrupt
    output wire          irq_o
`ifdef FORMAL
    // verif/formal/ only: stopped in the clock before (as a write's checks
    // see it), a write in its wait cycle, and the error code of the write
    // being acked
    , output wire        f_stopped_o
    , output wire        f_wwait_o
    , output wire [7:0]  f_code_o
`endif
);

    localparam CW = `SP_MSG_COUNT_BITS;      // a message's count (MSG_HEAD.COUNT)
    localparam RAW = (RING_AW > 0) ? RING_AW : 1;  // the ring's pointer width - 1, as the ports (a no-ring build keeps 1)
    localparam MW = 3 + 2 * WORD_BITS + CW;     // output queue entry {kind, word0, word1, count}, as oq_head_i

`include "sp_seed_mix.vh"

    // ---- offsets, error codes and constants (rtl/sp_regs.vh, from rtl/sp_regs.rdl)
    localparam [11:0] A_ID = `SP_REG_ID, A_VERSION = `SP_REG_VERSION, A_PARAMS = `SP_REG_PARAMS,
                      A_PARAMS2 = `SP_REG_PARAMS2, A_CTRL = `SP_REG_CTRL, A_CMD = `SP_REG_CMD,
                      A_STATUS = `SP_REG_STATUS, A_IRQ_ENABLE = `SP_REG_IRQ_ENABLE,
                      A_IRQ_STATUS = `SP_REG_IRQ_STATUS, A_ERR_CODE = `SP_REG_ERR_CODE,
                      A_ERR_VALUE = `SP_REG_ERR_VALUE, A_MODE = `SP_REG_MODE, A_RATE = `SP_REG_RATE,
                      A_TABLE = `SP_REG_TABLE, A_TAG_THRESH = `SP_REG_TAG_THRESH, A_SEED = `SP_REG_SEED,
                      A_OQ_WATERMARK = `SP_REG_OQ_WATERMARK, A_OQ_FILL = `SP_REG_OQ_FILL,
                      A_SBOX_ADDR = `SP_REG_SBOX_ADDR, A_SBOX_DATA = `SP_REG_SBOX_DATA,
                      A_FILTER_SEL = `SP_REG_FILTER_SEL, A_FILTER_CTRL = `SP_REG_FILTER_CTRL,
                      A_FILTER_PC_LO = `SP_REG_FILTER_PC_LO, A_MSG_HEAD = `SP_REG_MSG_HEAD,
                      A_MSG_W0_LO = `SP_REG_MSG_W0_LO, A_MSG_W0_HI = `SP_REG_MSG_W0_HI,
                      A_MSG_W1_LO = `SP_REG_MSG_W1_LO, A_MSG_W1_HI = `SP_REG_MSG_W1_HI,
                      A_FILTER_PC_HI = `SP_REG_FILTER_PC_HI, A_FILTER_HITS = `SP_REG_FILTER_HITS,
                      A_RING_CTRL = `SP_REG_RING_CTRL, A_RING_BASE = `SP_REG_RING_BASE,
                      A_RING_SIZE = `SP_REG_RING_SIZE, A_RING_WP = `SP_REG_RING_WP,
                      A_RING_RP = `SP_REG_RING_RP, A_RING_WM = `SP_REG_RING_WATERMARK,
                      A_ACC_FIRST = `SP_REG_ACC_BASE,
                      A_ACC_LAST = `SP_REG_ACC_BASE + 12'd8 * `SP_ACC_COUNT - 12'd4;

    localparam [7:0] E_NONE = `SP_ERR_NONE, E_RATE = `SP_ERR_RATE, E_TABLE_SIZE = `SP_ERR_TABLE_SIZE,
                     E_WAYS = `SP_ERR_WAYS, E_TAG_BITS = `SP_ERR_TAG_BITS, E_THRESHOLD = `SP_ERR_THRESHOLD,
                     E_MODE = `SP_ERR_MODE, E_BUSY = `SP_ERR_BUSY, E_SEED = `SP_ERR_SEED,
                     E_WATERMARK = `SP_ERR_WATERMARK, E_ADDRESS = `SP_ERR_ADDRESS,
                     E_CONFIG = `SP_ERR_CONFIG, E_RESERVED = `SP_ERR_RESERVED, E_FILTER = `SP_ERR_FILTER,
                     E_RING = `SP_ERR_RING, E_BUS = `SP_ERR_BUS;

    // ---- build constants and reset values (spec 9: clipped to the build)
    localparam [31:0] ID_VALUE      = `SP_ID_VALUE;
    localparam [31:0] VERSION_VALUE = `SP_VERSION_VALUE;
    localparam [7:0]  P_WORD   = WORD_BITS[7:0];
    localparam [3:0]  P_TAW    = TABLE_AW[3:0];
    localparam [1:0]  P_WAYS   = WAYS_LOG2_MAX[1:0];
    localparam [3:0]  P_TAG    = TAG_BITS_MAX[3:0];
    localparam [3:0]  P_OQ     = OQ_AW[3:0];
    localparam [6:0]  P_K      = ASSOC_K[6:0];
    localparam [4:0]  P_COUNT  = COUNT_BITS[4:0];
    localparam [2:0]  P_MISS   = MISS_BITS[2:0];
    localparam [31:0] PARAMS_VALUE  = ({24'd0, P_WORD} << `SP_PARAMS_WORD_BITS_SHIFT) |
                                      ({28'd0, P_TAW} << `SP_PARAMS_TABLE_AW_SHIFT) |
                                      ({30'd0, P_WAYS} << `SP_PARAMS_WAYS_LOG2_SHIFT) |
                                      ({28'd0, P_TAG} << `SP_PARAMS_TAG_BITS_SHIFT) |
                                      ({28'd0, P_OQ} << `SP_PARAMS_OQ_AW_SHIFT) |
                                      ({25'd0, P_K} << `SP_PARAMS_ASSOC_K_SHIFT);
    localparam [6:0]  P_ACC    = ACC_BITS[6:0];
    localparam [4:0]  P_FILTER = FILTER_N[4:0];
    localparam [4:0]  P_RING   = RING_AW[4:0];
    localparam [31:0] PARAMS2_VALUE = ({27'd0, P_COUNT} << `SP_PARAMS2_COUNT_BITS_SHIFT) |
                                      ({29'd0, P_MISS} << `SP_PARAMS2_MISS_BITS_SHIFT) |
                                      ({27'd0, P_FILTER} << `SP_PARAMS2_FILTER_N_SHIFT) |
                                      ((OPT_TAGGED != 0) ? (32'd1 << `SP_PARAMS2_TAGGED_BIT) : 32'd0) |
                                      ((OPT_CR != 0) ? (32'd1 << `SP_PARAMS2_CR_BIT) : 32'd0) |
                                      ((OPT_HTP != 0) ? (32'd1 << `SP_PARAMS2_HTP_BIT) : 32'd0) |
                                      ({25'd0, P_ACC} << `SP_PARAMS2_ACC_BITS_SHIFT) |
                                      ({27'd0, P_RING} << `SP_PARAMS2_RING_AW_SHIFT);
    // the PC filter entries that exist, as a mask (FILTER_SEL < FILTER_N)
    localparam [15:0] FSEL_MASK = (FILTER_N >= 16) ? 16'hFFFF : ((16'd1 << FILTER_N) - 16'd1);
    localparam [16:0] RATE_LIMIT = 17'd1 << COUNT_BITS;      // RATE <= 2^COUNT_BITS
    localparam [3:0]  WAYS_LIMIT = {2'b00, P_WAYS};             // WAYS_LOG2 <= most ways
    localparam [4:0]  MISS_LIMIT = 5'd1 << MISS_BITS;        // REPLACE_MISSES <= 2^MISS_BITS
    localparam [13:0] OQ_DEPTH   = 14'd1 << OQ_AW;
    localparam integer RATE_DEF  = `SP_RATE_RESET;
    localparam integer IB_DEF    = `SP_TABLE_INDEX_BITS_RESET;
    localparam integer WL_DEF    = `SP_TABLE_WAYS_LOG2_RESET;
    localparam integer TB_DEF    = `SP_TABLE_TAG_BITS_RESET;
    localparam integer EH_DEF    = `SP_TAG_EVICT_HITS_RESET;
    localparam integer RM_DEF    = `SP_TAG_REPLACE_MISSES_RESET;
    localparam        RATE_RST_I = ((1 << COUNT_BITS) < RATE_DEF) ? (1 << COUNT_BITS) : RATE_DEF;
    localparam [15:0] RATE_RST   = RATE_RST_I[15:0];
    localparam        IB_RST_I   = (TABLE_AW < IB_DEF) ? TABLE_AW : IB_DEF;
    localparam [3:0]  IB_RST     = IB_RST_I[3:0];
    localparam        WL_RST_I   = (WAYS_LOG2_MAX < WL_DEF) ? WAYS_LOG2_MAX : WL_DEF;
    localparam        WL_RST_J   = (WL_RST_I < IB_RST_I) ? WL_RST_I : IB_RST_I;
    localparam [1:0]  WL_RST     = WL_RST_J[1:0];
    localparam        TB_RST_I   = (TAG_BITS_MAX < TB_DEF) ? TAG_BITS_MAX : TB_DEF;
    localparam [3:0]  TB_RST     = TB_RST_I[3:0];
    localparam        EH_RST_I   = (RATE_RST_I < EH_DEF) ? RATE_RST_I : EH_DEF;
    localparam [15:0] EH_RST     = EH_RST_I[15:0];
    localparam        RM_RST_I   = ((1 << MISS_BITS) < RM_DEF) ? (1 << MISS_BITS) : RM_DEF;
    localparam [3:0]  RM_RST     = RM_RST_I[3:0];
    localparam [12:0] WM_RST     = 13'd1 << (OQ_AW - 1);
    localparam integer MODE_RST_I = `SP_MODE_SAMPLER_RESET << `SP_MODE_SAMPLER_SHIFT;
    localparam [5:0]  MODE_RST   = MODE_RST_I[5:0];
    // the ring (spec 8.8): the largest size, its reset watermark, its entry size
    localparam [RAW:0] RING_LARGEST = (RING_AW > 0) ? {1'b1, {RAW{1'b0}}} : {{RAW{1'b0}}, 1'b1};
    localparam [RAW:0] RING_WM_RST  = RING_LARGEST >> 1;
    localparam [16:0]  RING_LIMIT   = 17'd1 << RING_AW;      // RING_SIZE, RING_WATERMARK <= 2^RING_AW
    localparam         RING_LOG2E   = (WORD_BITS == 64) ? 5 : 4;

    localparam [2:0] S_CR = `SP_SAMPLER_CR, S_HCR = `SP_SAMPLER_HCR, S_TAG = `SP_SAMPLER_TAG,
                     S_HTP = `SP_SAMPLER_HTP;

    // ---- registers
    reg        ack_q, we_q;
    reg [11:0] adr_q;
    reg [31:0] dat_q;
    reg [7:0]  code_q;
    reg [1:0]  ctrl_q;
    reg [5:0]  mode_q;
    reg [15:0] rate_q;
    reg [15:0] table_q;      // bits 15:12 TAG_BITS, 9:8 WAYS_LOG2, 3:0 INDEX_BITS
    reg [19:0] thresh_q;
    reg [12:0] wm_q;
    reg [4:0]  irq_en_q;
    reg [3:1]  sticky_q;
    reg [7:0]  err_code_q;
    reg [11:0] err_off_q;
    reg [31:0] err_value_q;
    reg [7:0]  sbox_addr_q;
    reg [3:0]  fsel_q;        // FILTER_SEL
    wire       fsel_ok = FSEL_MASK[fsel_q];   // it names an entry the build has
    reg [WORD_BITS-1:0] win_w0_q, win_w1_q;

    // ---- the access in its ack cycle
    wire wr = ack_q && we_q;
    wire rd = ack_q && !we_q;
    // stopped as the request cycle saw it: STATUS.BUSY gathers the whole
    // pipeline and is too slow to meet the checks in the wait cycle
    wire stopped = !ctrl_q[0] && !flushing_i && !busy_i;
    reg  stopped_q;

    // The checks on a written value, worked out in the request cycle from
    // the bus data alone and registered (chk_q); the wait cycle only orders
    // them by the model's check order with the state (see write_code below).
    // Written as functions called where the request cycle registers them,
    // here and below, so that a simulator works them out only for an access.
    localparam NCHK = 25;
    localparam C_RES2 = 0, C_RES3 = 1, C_RES4 = 2, C_RES_MODE = 3, C_MODE = 4, C_RES16 = 5,
               C_RATE = 6, C_RES_TABLE = 7, C_SIZE = 8, C_WAYS = 9, C_TAG = 10, C_RES20 = 11,
               C_THRESH = 12, C_SEED = 13, C_RES13 = 14, C_WM = 15, C_RES8 = 16,
               C_RES_FSEL = 17, C_FSEL = 18, C_RES_FCTRL = 19, C_RES_FHI = 20,
               C_RES_RCTRL = 21, C_RES17 = 22, C_RSIZE = 23, C_RWM = 24;
    function [NCHK-1:0] value_checks(input [31:0] d);
        reg [3:0]  v_ib, v_tb, v_rm;
        reg [1:0]  v_wl;
        reg [15:0] v_eh;
        reg [2:0]  v_sampler;
        reg        mode_built, ways_over;
        begin
            v_ib = d[`SP_TABLE_INDEX_BITS_SHIFT +: `SP_TABLE_INDEX_BITS_BITS];
            v_wl = d[`SP_TABLE_WAYS_LOG2_SHIFT +: `SP_TABLE_WAYS_LOG2_BITS];
            v_tb = d[`SP_TABLE_TAG_BITS_SHIFT +: `SP_TABLE_TAG_BITS_BITS];
            v_eh = d[`SP_TAG_EVICT_HITS_SHIFT +: `SP_TAG_EVICT_HITS_BITS];
            v_rm = d[`SP_TAG_REPLACE_MISSES_SHIFT +: `SP_TAG_REPLACE_MISSES_BITS];
            v_sampler = d[`SP_MODE_SAMPLER_SHIFT +: `SP_MODE_SAMPLER_BITS];
            mode_built = (v_sampler != S_HTP || OPT_HTP != 0) &&
                         (v_sampler != S_TAG || OPT_TAGGED != 0) &&
                         ((v_sampler != S_CR && v_sampler != S_HCR) || OPT_CR != 0);
            // WAYS_LOG2 above the build's most ways (impossible when the field's 3 is allowed)
            ways_over = (WAYS_LOG2_MAX >= 3) ? 1'b0 : {2'b00, v_wl} > WAYS_LIMIT;
            value_checks[C_RES2]     = (d & ~`SP_USED_CTRL) != 32'd0;
            value_checks[C_RES3]     = (d & ~`SP_USED_CMD) != 32'd0;
            value_checks[C_RES4]     = (d & ~`SP_USED_IRQ_ENABLE) != 32'd0;
            value_checks[C_RES_MODE] = (d & ~`SP_USED_MODE) != 32'd0;
            value_checks[C_MODE]     = !mode_built;
            value_checks[C_RES16]    = (d & ~`SP_USED_RATE) != 32'd0;
            value_checks[C_RATE]     = d[15:0] == 16'd0 || {1'b0, d[15:0]} > RATE_LIMIT;
            value_checks[C_RES_TABLE] = (d & ~`SP_USED_TABLE) != 32'd0;
            value_checks[C_SIZE]     = v_ib > P_TAW;
            value_checks[C_WAYS]     = ways_over || {2'b00, v_wl} > v_ib;
            value_checks[C_TAG]      = v_tb == 4'd0 || v_tb > P_TAG;
            value_checks[C_RES20]    = (d & ~`SP_USED_TAG_THRESH) != 32'd0;
            value_checks[C_THRESH]   = v_eh == 16'd0 || v_rm < 4'd2 || {1'b0, v_rm} > MISS_LIMIT;
            value_checks[C_SEED]     = d == 32'd0;
            value_checks[C_RES13]    = (d & ~`SP_USED_OQ_WATERMARK) != 32'd0;
            value_checks[C_WM]       = d[12:0] == 13'd0 || {1'b0, d[12:0]} > OQ_DEPTH;
            value_checks[C_RES8]     = (d & ~`SP_USED_SBOX_ADDR) != 32'd0;
            value_checks[C_RES_FSEL] = (d & ~`SP_USED_FILTER_SEL) != 32'd0;
            value_checks[C_FSEL]     = !FSEL_MASK[d[3:0]];
            value_checks[C_RES_FCTRL] = (d & ~`SP_USED_FILTER_CTRL) != 32'd0;
            value_checks[C_RES_FHI]  = WORD_BITS == 32 && d != 32'd0;
            value_checks[C_RES_RCTRL] = (d & ~`SP_USED_RING_CTRL) != 32'd0;
            value_checks[C_RES17]    = (d & ~`SP_USED_RING_SIZE) != 32'd0;
            value_checks[C_RSIZE]    = d[16:0] == 17'd0 || (d[16:0] & (d[16:0] - 17'd1)) != 17'd0 ||
                                       d[16:0] > RING_LIMIT;
            value_checks[C_RWM]      = d[16:0] == 17'd0 || d[16:0] > RING_LIMIT;
        end
    endfunction
    reg [NCHK-1:0] chk_q;
    // EVICT_HITS > RATE, registered with the two registers it compares (from
    // their next values), so no comparator sits on the write's path
    reg         evict_above_rate;

    // ---- the message ring's registers (spec 8.8)
    reg            ring_en_q;
    reg  [31:0]    ring_base_q;
    reg  [RAW:0]   ring_size_q, ring_pmask_q, ring_rp_q, ring_wm_q;
    // the ring may not be turned on: RING_BASE not a multiple of its size in
    // bytes, or RING_WATERMARK above RING_SIZE (registered from their next
    // values, as evict_above_rate)
    reg            ring_bad_q;
    // IRQ_STATUS.RING is RING_WP - RING_RP >= RING_WATERMARK, exact in
    // every clock.  Worked out from the pointers after the edge, a write's
    // effect and the pop ran through a subtraction, a mask and a comparison
    // to it: a build's longest path.  So the fill is a register of its own
    // (ring_fnow_q), and so is its margin over the watermark (ring_margin_q,
    // fill - RING_WATERMARK, signed), whose sign is the level: the interrupt
    // stays a flip-flop.  Both step by what the edge does: a pop adds 1; an
    // accepted RING_RP write subtracts its move, which is never more than
    // the fill, so the fill stays within 0..RING_SIZE and needs no mask; a
    // RING_WATERMARK write makes the margin fill - value; a RING_BASE or
    // RING_SIZE write empties the ring (sp_ring's RING_WP goes to 0 with
    // RING_RP).  The write's part is negated in its wait cycle (ring_adj_q)
    // and the pop is the carry into the sum, so each is one adder whose
    // operands are registers chosen by the write's effect.
    reg  [RAW:0]   ring_fnow_q;   // RING_WP - RING_RP mod 2 x RING_SIZE
    reg  [RAW+1:0] ring_margin_q; // ring_fnow_q - RING_WATERMARK
    reg  [RAW+1:0] ring_adj_q;    // minus the access's ring amount (below)
    // A RING_RP write moves the pointer forward by at most the fill, and a
    // RING_WATERMARK write with the ring on stays within its size.  The
    // request cycle registers the move, whether the value is past the
    // pointers' range, and both tests, so the wait cycle's checks start from
    // flip-flops (the comparisons there, into the write's code, were a
    // build's longest path).  RING_RP and the size change only by the bus,
    // so they are the wait cycle's too.  A move is more than the fill when
    // the value lies outside the circular interval from RING_RP to RING_WP
    // (values past the range fail on their own): two comparisons of the
    // value beside each other, not a subtraction and a comparison behind it.
    // The fill is the request cycle's, never more than the wait cycle's and
    // never less than any the processor has read (a RING_WP read is
    // registered in its request cycle, before this write's).
    wire [RAW:0]   ring_v    = wb_dat_i[RAW:0];
    wire           ring_out  = (ring_wp_i < ring_rp_q) ? (ring_v < ring_rp_q && ring_v > ring_wp_i)
                                                       : (ring_v < ring_rp_q || ring_v > ring_wp_i);
    reg  [RAW:0]   ring_move_q;   // (value - RING_RP) mod 2 x RING_SIZE
    reg            ring_vhi_q;    // value > 2 x RING_SIZE - 1
    reg            ring_past_q;   // the move is more than the fill
    reg            ring_wbig_q;   // value > RING_SIZE
    wire           rp_ok     = RING_AW > 0 && !ring_vhi_q && !ring_past_q;
    wire           wm_ok     = !(ring_en_q && ring_wbig_q);

    // Error code of the write (E_NONE: accepted), in the model's check order.
    // A write waits one clock: the request cycle registers the address, the
    // data and the checks on the data; the wait cycle orders them with the
    // state into the code and registers it, so the ack cycle starts from a
    // flip-flop.  (In one clock from the bus inputs the checks are too deep
    // for an iCE40.)  What the code depends on cannot change in between: the
    // configuration and CTRL change only through the bus, and once stopped
    // only the bus makes the block busy.
    function [7:0] write_code(input [11:0] a);
        begin
            write_code = E_NONE;
            case (a)
                A_CTRL: begin
                    if (chk_q[C_RES2]) write_code = E_RESERVED;
                    else if (dat_q[0] && !ctrl_q[0] && flushing_i) write_code = E_BUSY;
                    else if (dat_q[0] && !ctrl_q[0] && mode_q[2:0] == S_TAG && evict_above_rate)
                        write_code = E_CONFIG;
                end
                A_CMD: begin
                    if (chk_q[C_RES3]) write_code = E_RESERVED;
                    else if (dat_q[1:0] != 2'b00 && !stopped_q) write_code = E_BUSY;
                end
                A_IRQ_ENABLE, A_IRQ_STATUS: begin
                    if (chk_q[C_RES4]) write_code = E_RESERVED;
                end
                A_ERR_CODE: write_code = E_NONE;
                A_MODE: begin
                    if (!stopped_q) write_code = E_BUSY;
                    else if (chk_q[C_RES_MODE]) write_code = E_RESERVED;
                    else if (chk_q[C_MODE]) write_code = E_MODE;
                end
                A_RATE: begin
                    if (!stopped_q) write_code = E_BUSY;
                    else if (chk_q[C_RES16]) write_code = E_RESERVED;
                    else if (chk_q[C_RATE]) write_code = E_RATE;
                end
                A_TABLE: begin
                    if (!stopped_q) write_code = E_BUSY;
                    else if (chk_q[C_RES_TABLE]) write_code = E_RESERVED;
                    else if (chk_q[C_SIZE]) write_code = E_TABLE_SIZE;
                    else if (chk_q[C_WAYS]) write_code = E_WAYS;
                    else if (chk_q[C_TAG]) write_code = E_TAG_BITS;
                end
                A_TAG_THRESH: begin
                    if (!stopped_q) write_code = E_BUSY;
                    else if (chk_q[C_RES20]) write_code = E_RESERVED;
                    else if (chk_q[C_THRESH]) write_code = E_THRESHOLD;
                end
                A_SEED: begin
                    if (!stopped_q) write_code = E_BUSY;
                    else if (chk_q[C_SEED]) write_code = E_SEED;
                end
                A_OQ_WATERMARK: begin
                    if (chk_q[C_RES13]) write_code = E_RESERVED;
                    else if (chk_q[C_WM]) write_code = E_WATERMARK;
                end
                A_SBOX_ADDR, A_SBOX_DATA: begin
                    if (!stopped_q) write_code = E_BUSY;
                    else if (chk_q[C_RES8]) write_code = E_RESERVED;
                end
                A_FILTER_SEL: begin
                    if (chk_q[C_RES_FSEL]) write_code = E_RESERVED;
                    else if (chk_q[C_FSEL]) write_code = E_FILTER;
                end
                A_FILTER_CTRL: begin
                    if (chk_q[C_RES_FCTRL]) write_code = E_RESERVED;
                    else if (!fsel_ok) write_code = E_FILTER;
                end
                A_FILTER_PC_LO: begin
                    if (!fsel_ok) write_code = E_FILTER;
                end
                A_FILTER_PC_HI: begin
                    if (chk_q[C_RES_FHI]) write_code = E_RESERVED;
                    else if (!fsel_ok) write_code = E_FILTER;
                end
                A_RING_CTRL: begin
                    if (RING_AW == 0) write_code = E_ADDRESS;
                    else if (!stopped_q) write_code = E_BUSY;
                    else if (chk_q[C_RES_RCTRL]) write_code = E_RESERVED;
                    else if (dat_q[0] && ring_bad_q) write_code = E_RING;
                end
                A_RING_BASE: begin
                    if (RING_AW == 0) write_code = E_ADDRESS;
                    else if (!stopped_q || ring_en_q) write_code = E_BUSY;
                end
                A_RING_SIZE: begin
                    if (RING_AW == 0) write_code = E_ADDRESS;
                    else if (!stopped_q || ring_en_q) write_code = E_BUSY;
                    else if (chk_q[C_RES17]) write_code = E_RESERVED;
                    else if (chk_q[C_RSIZE]) write_code = E_RING;
                end
                A_RING_RP: begin
                    if (RING_AW == 0) write_code = E_ADDRESS;
                    else if (chk_q[C_RES17]) write_code = E_RESERVED;
                    else if (!rp_ok) write_code = E_RING;
                end
                A_RING_WM: begin
                    if (RING_AW == 0) write_code = E_ADDRESS;
                    else if (chk_q[C_RES17]) write_code = E_RESERVED;
                    else if (chk_q[C_RWM] || !wm_ok) write_code = E_RING;
                end
                default: write_code = E_ADDRESS;
            endcase
        end
    endfunction

    // One-hot targets of the access, decoded in the request cycle with the
    // code and registered with it: in the ack cycle each effect is an AND of
    // two flip-flops.
    localparam NSEL = 25;
    localparam W_CTRL = 0, W_CMD = 1, W_IRQ_EN = 2, W_IRQ_ST = 3, W_ERR = 4, W_MODE = 5,
               W_RATE = 6, W_TABLE = 7, W_THRESH = 8, W_SEED = 9, W_WM = 10, W_SBOX_A = 11,
               W_SBOX_D = 12, W_FSEL = 13, W_FCTRL = 14, W_FLO = 15, W_FHI = 16,
               W_RCTRL = 17, W_RBASE = 18, W_RSIZE = 19, W_RRP = 20, W_RWM = 21,
               R_HEAD = 22, R_SBOX_D = 23, R_STATUS = 24;
    localparam HAVE_RING = RING_AW > 0;
    function [NSEL-1:0] targets(input [11:0] a);
        begin
            targets[W_CTRL]   = a == A_CTRL;
            targets[W_CMD]    = a == A_CMD;
            targets[W_IRQ_EN] = a == A_IRQ_ENABLE;
            targets[W_IRQ_ST] = a == A_IRQ_STATUS;
            targets[W_ERR]    = a == A_ERR_CODE;
            targets[W_MODE]   = a == A_MODE;
            targets[W_RATE]   = a == A_RATE;
            targets[W_TABLE]  = a == A_TABLE;
            targets[W_THRESH] = a == A_TAG_THRESH;
            targets[W_SEED]   = a == A_SEED;
            targets[W_WM]     = a == A_OQ_WATERMARK;
            targets[W_SBOX_A] = a == A_SBOX_ADDR;
            targets[W_SBOX_D] = a == A_SBOX_DATA;
            targets[W_FSEL]   = a == A_FILTER_SEL;
            targets[W_FCTRL]  = a == A_FILTER_CTRL;
            targets[W_FLO]    = a == A_FILTER_PC_LO;
            targets[W_FHI]    = a == A_FILTER_PC_HI;
            // a build without a ring has no such registers (ADDRESS)
            targets[W_RCTRL]  = HAVE_RING && a == A_RING_CTRL;
            targets[W_RBASE]  = HAVE_RING && a == A_RING_BASE;
            targets[W_RSIZE]  = HAVE_RING && a == A_RING_SIZE;
            targets[W_RRP]    = HAVE_RING && a == A_RING_RP;
            targets[W_RWM]    = HAVE_RING && a == A_RING_WM;
            targets[R_HEAD]   = a == A_MSG_HEAD;
            targets[R_SBOX_D] = a == A_SBOX_DATA;
            targets[R_STATUS] = a == A_STATUS;
        end
    endfunction

    reg  [NSEL-1:0] sel_q;
    reg             ok_q;       // the access is an accepted write
    // The effects of an accepted write, one flip-flop each, set for its ack
    // cycle from the wait cycle's code: the commands fan out across the
    // block (the table sweep, the accounting), so they start from a register.
    localparam NW = W_RWM + 1;
    reg  [NW-1:0] eff_q;         // accepted write to this target, in its ack cycle
    reg  [2:0]    cmd_q;         // CMD bits of an accepted write, in its ack cycle
    reg           cfg_q;         // an accepted configuration write, in its ack cycle
    // Acceptance per target, written out beside the code (not decoded from
    // it, which is deeper): the data checks from the request cycle (dok_q)
    // and the state this clock.  An assertion below ties the two together.
    reg  [NW-1:0] dok_q;         // the written value passes its target's checks
    function [NW-1:0] value_ok(input [NCHK-1:0] c);
        begin
            value_ok[W_CTRL]   = !c[C_RES2];
            value_ok[W_CMD]    = !c[C_RES3];
            value_ok[W_IRQ_EN] = !c[C_RES4];
            value_ok[W_IRQ_ST] = !c[C_RES4];
            value_ok[W_ERR]    = 1'b1;
            value_ok[W_MODE]   = !c[C_RES_MODE] && !c[C_MODE];
            value_ok[W_RATE]   = !c[C_RES16] && !c[C_RATE];
            value_ok[W_TABLE]  = !c[C_RES_TABLE] && !c[C_SIZE] && !c[C_WAYS] && !c[C_TAG];
            value_ok[W_THRESH] = !c[C_RES20] && !c[C_THRESH];
            value_ok[W_SEED]   = !c[C_SEED];
            value_ok[W_WM]     = !c[C_RES13] && !c[C_WM];
            value_ok[W_SBOX_A] = !c[C_RES8];
            value_ok[W_SBOX_D] = !c[C_RES8];
            value_ok[W_FSEL]   = !c[C_RES_FSEL] && !c[C_FSEL];
            value_ok[W_FCTRL]  = !c[C_RES_FCTRL];
            value_ok[W_FLO]    = 1'b1;
            value_ok[W_FHI]    = !c[C_RES_FHI];
            value_ok[W_RCTRL]  = !c[C_RES_RCTRL];
            value_ok[W_RBASE]  = 1'b1;
            value_ok[W_RSIZE]  = !c[C_RES17] && !c[C_RSIZE];
            value_ok[W_RRP]    = !c[C_RES17];
            value_ok[W_RWM]    = !c[C_RES17] && !c[C_RWM];
        end
    endfunction
    // sok (the state lets the write in) and eff_d (the write takes effect)
    // are worked out with the rest of the bus's decode, below.
    wire rejected = wr && !ok_q;
    wire w_ctrl   = eff_q[W_CTRL];

    // ---- reads
    wire [OQ_AW:0] depth_n = OQ_DEPTH[OQ_AW:0];
    wire [13:0] fill   = {{(13 - OQ_AW){1'b0}}, oq_count_i};
    wire        oq_wm  = fill >= {1'b0, wm_q};
    wire [31:0] status = ({31'd0, ctrl_q[`SP_CTRL_ENABLE_BIT]} << `SP_STATUS_ENABLED_BIT) |
                         ({31'd0, flushing_i} << `SP_STATUS_FLUSHING_BIT) |
                         ({31'd0, oq_count_i == {(OQ_AW + 1){1'b0}}} << `SP_STATUS_OQ_EMPTY_BIT) |
                         ({31'd0, oq_count_i == depth_n} << `SP_STATUS_OQ_FULL_BIT) |
                         ({31'd0, oq_wm} << `SP_STATUS_OQ_WM_BIT) |
                         ({31'd0, err_code_q != 8'd0} << `SP_STATUS_ERROR_BIT) |
                         ({31'd0, busy_i} << `SP_STATUS_BUSY_BIT);
    // sticky_q[i] is IRQ_STATUS bit i (DROP, ERROR, FLUSH_DONE), beside the levels
    wire        ring_level = HAVE_RING && !ring_margin_q[RAW+1];   // IRQ_STATUS.RING
    wire [4:0]  irq_status = {ring_level, sticky_q, oq_wm};

    wire [2:0]  head_kind  = oq_head_i[MW-1 -: 3];
    wire [WORD_BITS-1:0] head_w0 = oq_head_i[CW + WORD_BITS +: WORD_BITS];
    wire [WORD_BITS-1:0] head_w1 = oq_head_i[CW +: WORD_BITS];
    wire [CW-1:0] head_count = oq_head_i[CW-1:0];

    // the high halves of the window exist only for 64-bit words
    wire [63:0] win_w0 = {{(64 - WORD_BITS){1'b0}}, win_w0_q};
    wire [63:0] win_w1 = {{(64 - WORD_BITS){1'b0}}, win_w1_q};

    // The accounting words sit at 0x080..0x0D4: counter = bits 6:3, half = bit 2.
    assign acc_index_o = adr_q[6:3];
    assign acc_hi_o    = adr_q[2];

    // SEED as written (it reads back), and the generator state it becomes:
    // a SEED write waits while mix_q goes through the hash's steps, one a
    // clock, so no clock holds more than two of the hash's adds (sp_seed_mix.vh)
    reg [31:0] seed_q;
    reg [31:0] mix_q;
    reg  [2:0] mix_left_q;        // hash steps still to go; the write waits
    wire       mixing = mix_left_q != 3'd0;

    // Read data, taken from the request cycle and registered: in the ack
    // cycle wb_dat_o comes straight from a flip-flop.  Nothing read can change
    // between the two cycles except through the pipeline (OQ_FILL, STATUS,
    // SEED while running), which software cannot time anyway.  The message
    // at the head stays there until this access pops it.  Three reads are
    // the exception.  MSG_HEAD and SBOX_DATA come from block RAM read ports
    // (the output queue's head; the S-box copy for the bus, addressed one
    // clock ahead so that its output is the entry at SBOX_ADDR in every
    // cycle), whose outputs are slow: they are registered before they join
    // the read data, one wait state.  The accounting words have two: a
    // snapshot lands at the edge after the ack cycle of CMD.SNAPSHOT (sp_acc
    // applies every input a clock late), and sp_acc adds the carry of the
    // split counter when HI is read, so the clock after the request selects
    // the word from the registered address, the next adds the carry, the
    // third acks.
    // a ring register as read: 0 in a build without a ring
    function [31:0] ring_word(input [RAW:0] v);
        begin
            ring_word = HAVE_RING ? {{(31 - RAW){1'b0}}, v} : 32'd0;
        end
    endfunction
    function [31:0] read_word(input [5:0] w);
        begin
            read_word = 32'd0;
            case (w)
                A_ID[7:2]:           read_word = ID_VALUE;
                A_VERSION[7:2]:      read_word = VERSION_VALUE;
                A_PARAMS[7:2]:       read_word = PARAMS_VALUE;
                A_PARAMS2[7:2]:      read_word = PARAMS2_VALUE;
                A_CTRL[7:2]:         read_word = {30'd0, ctrl_q};
                A_STATUS[7:2]:       read_word = 32'd0;   // a wait state: status_q
                A_IRQ_ENABLE[7:2]:   read_word = {27'd0, irq_en_q};
                A_IRQ_STATUS[7:2]:   read_word = {27'd0, irq_status};
                A_ERR_CODE[7:2]:     read_word = ({24'd0, err_code_q} << `SP_ERR_CODE_SHIFT) |
                                                 ({20'd0, err_off_q} << `SP_ERR_OFFSET_SHIFT);
                A_ERR_VALUE[7:2]:    read_word = err_value_q;
                A_MODE[7:2]:         read_word = {26'd0, mode_q};
                A_RATE[7:2]:         read_word = {16'd0, rate_q};
                A_TABLE[7:2]:        read_word = {16'd0, table_q};
                A_TAG_THRESH[7:2]:   read_word = {12'd0, thresh_q};
                A_SEED[7:2]:         read_word = seed_q;
                A_OQ_WATERMARK[7:2]: read_word = {19'd0, wm_q};
                A_OQ_FILL[7:2]:      read_word = {18'd0, fill};
                A_SBOX_ADDR[7:2]:    read_word = {24'd0, sbox_addr_q};
                A_FILTER_SEL[7:2]:   read_word = {28'd0, fsel_q};
                A_FILTER_CTRL[7:2]:  read_word = filter_ctrl_i;
                A_FILTER_PC_LO[7:2]: read_word = filter_lo_i;
                A_FILTER_PC_HI[7:2]: read_word = filter_hi_i;
                A_FILTER_HITS[7:2]:  read_word = filter_hits_i;
                A_MSG_W0_LO[7:2]:    read_word = win_w0[31:0];
                A_MSG_W0_HI[7:2]:    read_word = win_w0[63:32];
                A_MSG_W1_LO[7:2]:    read_word = win_w1[31:0];
                A_MSG_W1_HI[7:2]:    read_word = win_w1[63:32];
                A_RING_CTRL[7:2]:    read_word = {31'd0, ring_en_q};
                A_RING_BASE[7:2]:    read_word = ring_base_q;
                A_RING_SIZE[7:2]:    read_word = ring_word(ring_size_q);
                A_RING_WP[7:2]:      read_word = ring_word(ring_wp_i);
                A_RING_RP[7:2]:      read_word = ring_word(ring_rp_q);
                A_RING_WM[7:2]:      read_word = ring_word(ring_wm_q);
                default:             read_word = 32'd0;
            endcase
        end
    endfunction

    reg [31:0] rdata_q;
    // STATUS as the request cycle saw it, read out a clock later: its BUSY
    // and FLUSHING bits are the ends of the block's deepest bookkeeping
    // (the queues' fills, the ring's room), which must not run on through
    // the read multiplexer
    reg [31:0] status_q;
    reg        wait1_q, wait2_q, wwait_q, head_valid_q;
    reg        acc_read_q;        // the waiting read is an accounting word
    reg  [CW+2:0] head_q;         // kind and count of the head message
    // MSG_HEAD as a read returns it
    wire [31:0] head_word = (32'd1 << `SP_MSG_VALID_BIT) |
                            ({29'd0, head_q[CW +: 3]} << `SP_MSG_KIND_SHIFT) |
                            ({{(32 - CW){1'b0}}, head_q[CW-1:0]} << `SP_MSG_COUNT_SHIFT);
    wire pop       = rd && sel_q[R_HEAD] && head_valid_q;
    wire sbox_read = rd && sel_q[R_SBOX_D];
    wire sbox_wr   = eff_q[W_SBOX_D];
    // SBOX_ADDR after this clock: written, or stepped by a SBOX_DATA access
    wire [7:0] sbox_addr_d = eff_q[W_SBOX_A] ? dat_q[7:0] :
                             (sbox_wr || sbox_read) ? sbox_addr_q + 8'd1 : sbox_addr_q;

    // ---- state
    // Everything the bus does happens in a clock of an access: its request,
    // wait states and ack (wb_cyc_i is high in all of them; the access's own
    // state is in the condition too, for a master that lets go early).
    // Between accesses none of it can change, so it is written as one
    // guarded block: a simulator works none of it out while the bus is idle,
    // which is nearly every clock.  (The enable costs a few LUTs on an
    // iCE40, whose flip-flops reset only when enabled: docs/rtl.md.)
    wire bus_busy = wb_cyc_i || ack_q || wait1_q || wait2_q || wwait_q || mixing;

    // The bus's decode, worked out only in a clock of an access: only the
    // guarded update below (and an assertion, in such a clock) reads it, so
    // holding it at 0 between accesses changes nothing, and a simulator
    // skips it then.  The address itself (in_page, word) is decoded outside,
    // so the read data's multiplexer, one of the paper's build's longest
    // paths on the iCE40, gains no gate.
    wire         in_page = wb_adr_i[11:8] == 4'd0 && wb_adr_i[1:0] == 2'b00;
    wire [5:0]   word    = wb_adr_i[7:2];
    reg          request;     // cyc & stb & !ack: the request cycle
    reg          acc_word;    // an accounting word
    reg          slow_read;   // a read with wait states (block RAM or accounting)
    reg          seed_req;    // a SEED write: its hash runs before its checks
    reg  [NW-1:0] sok;        // the state lets the write in
    reg  [NW-1:0] eff_d;      // the write takes effect, target by target
    always @* begin
        request   = 1'b0;
        acc_word  = 1'b0;
        slow_read = 1'b0;
        seed_req  = 1'b0;
        sok       = {NW{1'b0}};
        eff_d     = {NW{1'b0}};
        if (bus_busy) begin
            request   = wb_cyc_i && wb_stb_i && !ack_q && !wait1_q && !wait2_q && !wwait_q && !mixing;
            acc_word  = in_page && word >= A_ACC_FIRST[7:2] && word <= A_ACC_LAST[7:2];
            slow_read = (acc_word || (in_page && (word == A_SBOX_DATA[7:2] ||
                                                  word == A_MSG_HEAD[7:2] ||
                                                  word == A_STATUS[7:2]))) && !wb_we_i;
            seed_req  = request && wb_we_i && in_page && word == A_SEED[7:2];
            sok[W_CTRL]   = !(dat_q[0] && !ctrl_q[0] &&
                              (flushing_i || (mode_q[2:0] == S_TAG && evict_above_rate)));
            sok[W_CMD]    = dat_q[1:0] == 2'b00 || stopped_q;
            sok[W_IRQ_EN] = 1'b1;
            sok[W_IRQ_ST] = 1'b1;
            sok[W_ERR]    = 1'b1;
            sok[W_MODE]   = stopped_q;
            sok[W_RATE]   = stopped_q;
            sok[W_TABLE]  = stopped_q;
            sok[W_THRESH] = stopped_q;
            sok[W_SEED]   = stopped_q;
            sok[W_WM]     = 1'b1;
            sok[W_SBOX_A] = stopped_q;
            sok[W_SBOX_D] = stopped_q;
            sok[W_FSEL]   = 1'b1;
            sok[W_FCTRL]  = fsel_ok;
            sok[W_FLO]    = fsel_ok;
            sok[W_FHI]    = fsel_ok;
            sok[W_RCTRL]  = stopped_q && !(dat_q[0] && ring_bad_q);
            sok[W_RBASE]  = stopped_q && !ring_en_q;
            sok[W_RSIZE]  = stopped_q && !ring_en_q;
            sok[W_RRP]    = rp_ok;
            sok[W_RWM]    = wm_ok;
            if (wwait_q && wb_cyc_i) eff_d = sel_q[NW-1:0] & dok_q & sok;
        end
    end

    always @(posedge clk_i) begin
        if (bus_busy) begin
            // the bus: ack one clock after a new read, two for a write (its
            // checks) or a MSG_HEAD, SBOX_DATA or STATUS read (the head's
            // fields registered; the S-box byte taken in the wait cycle, two
            // clocks after SBOX_ADDR last moved, as a RAM read through its
            // output register needs; STATUS registered in the request
            // cycle), three for an accounting read (sp_acc selects
            // and registers the word, then adds the carry of its high half)
            ack_q       <= (request && !slow_read && !wb_we_i) ||
                           (wait1_q && !acc_read_q && wb_cyc_i) ||
                           (wait2_q && wb_cyc_i) || (wwait_q && wb_cyc_i);
            wait1_q     <= request && slow_read;
            // a SEED write's checks wait for its hash, a step a clock
            wwait_q     <= (request && wb_we_i && !seed_req) || mix_left_q == 3'd1;
            if (seed_req) begin
                mix_q      <= wb_dat_i;
                mix_left_q <= `SP_SEED_MIX_STEPS;
            end
            if (mixing) begin
                mix_q      <= sp_seed_mix_step(mix_left_q, mix_q);
                mix_left_q <= mix_left_q - 3'd1;
            end
            eff_q       <= eff_d;
            cmd_q       <= eff_d[W_CMD] ? dat_q[2:0] : 3'b000;
            cfg_q       <= eff_d[W_MODE] || eff_d[W_RATE] || eff_d[W_TABLE] || eff_d[W_THRESH];
            if (wwait_q) begin
                code_q <= write_code(adr_q);
                // accepted: from the code, not from eff_d (shallower, but
                // mapped much larger: docs/rtl.md, Registers and the bus)
                ok_q   <= write_code(adr_q) == E_NONE;
                ring_adj_q <= {(RAW + 2){1'b0}} - ring_amount;
            end
            wait2_q     <= wait1_q && acc_read_q && wb_cyc_i;
            if (request) acc_read_q <= acc_word;
            head_q      <= {head_kind, head_count};
            if (wait1_q && !acc_read_q)
                rdata_q <= sel_q[R_SBOX_D] ? {24'd0, sbox_data_i} :
                           sel_q[R_STATUS] ? status_q :
                           head_valid_q ? head_word : 32'd0;
            if (wait2_q) rdata_q <= acc_data_i;
            if (request) begin
                we_q   <= wb_we_i;
                adr_q  <= wb_adr_i;
                dat_q  <= wb_dat_i;
                chk_q  <= value_checks(wb_dat_i);
                ring_move_q <= (wb_dat_i[RAW:0] - ring_rp_q) & ring_pmask_q;
                ring_vhi_q  <= {15'd0, wb_dat_i[16:0]} > {{(31 - RAW){1'b0}}, ring_pmask_q};
                ring_past_q <= ring_out;
                ring_wbig_q <= {15'd0, wb_dat_i[16:0]} > {{(31 - RAW){1'b0}}, ring_size_q};
                dok_q  <= value_ok(value_checks(wb_dat_i));
                sel_q  <= targets(wb_adr_i);
                ok_q   <= 1'b0;
                rdata_q      <= in_page ? read_word(word) : 32'd0;
                status_q     <= status;
                // the ring on, the queue is the ring's: MSG_HEAD reads 0, pops nothing
                head_valid_q <= oq_head_valid_i && !ring_en_q;
            end

            if (w_ctrl) ctrl_q <= dat_q[1:0];
            if (eff_q[W_MODE]) mode_q <= dat_q[5:0];
            if (eff_q[W_RATE]) rate_q <= dat_q[15:0];
            evict_above_rate <= (eff_q[W_THRESH] ? dat_q[15:0] : thresh_q[15:0]) >
                                (eff_q[W_RATE] ? dat_q[15:0] : rate_q);
            if (eff_q[W_TABLE]) table_q <= dat_q[15:0];
            if (eff_q[W_THRESH]) thresh_q <= dat_q[19:0];
            if (eff_q[W_SEED]) seed_q <= dat_q;
            if (eff_q[W_WM]) wm_q <= dat_q[12:0];
            if (eff_q[W_FSEL]) fsel_q <= dat_q[3:0];
            if (eff_q[W_IRQ_EN]) irq_en_q <= dat_q[4:0];

            // the ring's place and size; either clears both pointers
            if (eff_q[W_RBASE]) ring_base_q <= dat_q;
            if (eff_q[W_RSIZE]) begin
                ring_size_q  <= dat_q[RAW:0];
                ring_pmask_q <= {dat_q[RAW-1:0], 1'b0} - {{RAW{1'b0}}, 1'b1};
            end
            if (eff_q[W_RWM]) ring_wm_q <= dat_q[RAW:0];

            sbox_addr_q <= sbox_addr_d;

            if (pop) begin
                win_w0_q <= head_w0;
                win_w1_q <= head_w1;
            end
        end

        stopped_q   <= stopped;
        ring_bad_q  <= ring_bad;
        // sticky interrupts: this cycle's events first, then a write-one-to-clear
        sticky_q <= (sticky_q | {flush_done_i, rejected || ring_err_i, drop_i}) &
                    ~(eff_q[W_IRQ_ST] ? dat_q[3:1] : 3'b000);

        // The first error is kept until ERR_CODE is written: a rejected write,
        // or a ring write that ended with a bus error (its address, at
        // RING_WP's offset), which happens outside any access of the bus.
        if (eff_q[W_ERR]) begin
            err_code_q  <= 8'd0;
            err_off_q   <= 12'd0;
            err_value_q <= 32'd0;
        end
        if (rejected && err_code_q == 8'd0) begin
            err_code_q  <= code_q;
            err_off_q   <= adr_q;
            err_value_q <= dat_q;
        end else if (ring_err_i && (err_code_q == 8'd0 || eff_q[W_ERR])) begin
            err_code_q  <= E_BUS;
            err_off_q   <= A_RING_WP;
            err_value_q <= ring_err_adr_i;
        end

        // RING_CTRL.ENABLE: the bus, and a bus error turns it off; RING_RP:
        // the bus, and 0 when the ring's place or size is written
        if (eff_q[W_RCTRL]) ring_en_q <= dat_q[0];
        if (ring_err_i) ring_en_q <= 1'b0;
        if (eff_q[W_RRP]) ring_rp_q <= dat_q[RAW:0];
        if (ring_clear) ring_rp_q <= {(RAW + 1){1'b0}};
        ring_fnow_q   <= ring_fnow_d;
        ring_margin_q <= ring_margin_d;
        if (!HAVE_RING) ring_en_q <= 1'b0;

        if (rst_i) begin
            ack_q       <= 1'b0;
            wait1_q <= 1'b0;
            wait2_q <= 1'b0;
            wwait_q <= 1'b0;
            mix_left_q <= 3'd0;
            eff_q   <= {NW{1'b0}};
            cmd_q   <= 3'b000;
            cfg_q   <= 1'b0;
            ctrl_q      <= 2'b00;
            mode_q      <= MODE_RST;
            rate_q      <= RATE_RST;
            table_q     <= ({12'd0, TB_RST} << `SP_TABLE_TAG_BITS_SHIFT) |
                           ({14'd0, WL_RST} << `SP_TABLE_WAYS_LOG2_SHIFT) |
                           ({12'd0, IB_RST} << `SP_TABLE_INDEX_BITS_SHIFT);
            thresh_q    <= ({16'd0, RM_RST} << `SP_TAG_REPLACE_MISSES_SHIFT) |
                           ({4'd0, EH_RST} << `SP_TAG_EVICT_HITS_SHIFT);
            evict_above_rate <= EH_RST > RATE_RST;
            seed_q      <= `SP_SEED_RESET;
            wm_q        <= WM_RST;
            irq_en_q    <= 5'd0;
            sticky_q    <= 3'd0;
            err_code_q  <= 8'd0;
            err_off_q   <= 12'd0;
            err_value_q <= 32'd0;
            sbox_addr_q <= 8'd0;
            fsel_q      <= 4'd0;
            win_w0_q    <= {WORD_BITS{1'b0}};
            win_w1_q    <= {WORD_BITS{1'b0}};
            ring_en_q    <= 1'b0;
            ring_base_q  <= 32'd0;
            ring_size_q  <= RING_LARGEST;
            ring_pmask_q <= {(RAW + 1){1'b1}};    // 2 x 2^RING_AW - 1
            ring_rp_q    <= {(RAW + 1){1'b0}};
            ring_wm_q    <= RING_WM_RST;
            ring_bad_q   <= 1'b0;
            ring_fnow_q   <= {(RAW + 1){1'b0}};
            ring_margin_q <= {(RAW + 2){1'b0}} - {1'b0, RING_WM_RST};
        end
    end

    wire           ring_clear   = eff_q[W_RBASE] || eff_q[W_RSIZE];
    // The rule RING_CTRL.ENABLE checks, from the registers a clock after
    // they change (worked out from their next values it ran through the
    // write's multiplexers, a subtraction and a wide OR, a ring build's
    // longest path).  A clock late is exact: the write that changed them
    // acks in that clock, so a RING_CTRL write's check, in its wait cycle,
    // comes two clocks later at the earliest.  RING_SIZE x the entry size - 1,
    // the low bits a base must leave 0, is the pointer mask's upper bits
    // (RING_SIZE - 1) above the entry's offset bits: no subtraction.
    wire [31:0]    ring_bytes   = ({{(32 - RAW){1'b0}}, ring_pmask_q[RAW:1]} << RING_LOG2E) |
                                  ((32'd1 << RING_LOG2E) - 32'd1);
    wire           ring_bad     = (ring_base_q & ring_bytes) != 32'd0 || ring_wm_q > ring_size_q;

    // What a write takes from the fill or the margin, for ring_adj_q: a
    // RING_RP write's move, a RING_WATERMARK write's value (at most
    // RING_LIMIT when accepted; the margin starts from the fill then), and
    // for the others the watermark (an emptied ring's margin is minus it).
    // Its parts hold still from the wait cycle to the ack.
    wire [RAW+1:0] ring_amount  = {1'b0, sel_q[W_RRP] ? ring_move_q :
                                         sel_q[W_RWM] ? dat_q[RAW:0] : ring_wm_q};
    wire           ring_wr      = eff_q[W_RRP] || eff_q[W_RWM] || ring_clear;
    // the fill and the margin after this edge, the pop as the carry into
    // their low bit (a pop never meets a write of the ring's place or size:
    // the ring is off then)
    wire [RAW+1:0] ring_fnow_s   = {ring_fnow_q, 1'b1} +
                                   {eff_q[W_RRP] ? ring_adj_q[RAW:0] : {(RAW + 1){1'b0}}, ring_pop_i};
    wire [RAW+2:0] ring_margin_s = {eff_q[W_RWM] ? {1'b0, ring_fnow_q} :
                                    ring_clear ? {(RAW + 2){1'b0}} : ring_margin_q, 1'b1} +
                                   {ring_wr ? ring_adj_q : {(RAW + 2){1'b0}}, ring_pop_i};
    wire [RAW:0]   ring_fnow_d   = ring_clear ? {(RAW + 1){1'b0}} : ring_fnow_s[RAW+1:1];
    wire [RAW+1:0] ring_margin_d = ring_margin_s[RAW+2:1];
    wire           unused_ring_s = ring_fnow_s[0] ^ ring_margin_s[0];   // the carry's own bit

    // ---- outputs
    assign wb_ack_o = ack_q;
    assign wb_dat_o = rd ? rdata_q : 32'd0;

    assign enable_o         = ctrl_q[`SP_CTRL_ENABLE_BIT];
    assign drop_policy_o    = ctrl_q[`SP_CTRL_DROP_BIT];
    assign sampler_o        = mode_q[`SP_MODE_SAMPLER_SHIFT +: `SP_MODE_SAMPLER_BITS];
    assign assoc_en_o       = mode_q[`SP_MODE_ASSOC_EN_BIT];
    assign discard_o        = mode_q[`SP_MODE_TAG_DISCARD_BIT];
    assign rate_o           = rate_q;
    assign index_bits_o     = table_q[`SP_TABLE_INDEX_BITS_SHIFT +: `SP_TABLE_INDEX_BITS_BITS];
    assign ways_log2_o      = table_q[`SP_TABLE_WAYS_LOG2_SHIFT +: `SP_TABLE_WAYS_LOG2_BITS];
    assign tag_bits_o       = table_q[`SP_TABLE_TAG_BITS_SHIFT +: `SP_TABLE_TAG_BITS_BITS];
    assign evict_hits_o     = thresh_q[`SP_TAG_EVICT_HITS_SHIFT +: `SP_TAG_EVICT_HITS_BITS];
    assign replace_misses_o = thresh_q[`SP_TAG_REPLACE_MISSES_SHIFT +: `SP_TAG_REPLACE_MISSES_BITS];

    assign clear_o      = cmd_q[`SP_CMD_CLEAR_TABLE_BIT] || cfg_q;
    assign flush_o      = cmd_q[`SP_CMD_FLUSH_ASSOC_BIT];
    assign snapshot_o   = cmd_q[`SP_CMD_SNAPSHOT_BIT];
    assign seed_wr_o    = eff_q[W_SEED];
    assign seed_data_o  = mix_q;
    assign sbox_wr_o    = sbox_wr;
    assign sbox_addr_o  = sbox_addr_q;
    assign filter_sel_o     = fsel_q;
    assign filter_ctrl_we_o = eff_q[W_FCTRL];
    assign filter_lo_we_o   = eff_q[W_FLO];
    assign filter_hi_we_o   = eff_q[W_FHI];
    assign filter_data_o    = dat_q;
    assign sbox_raddr_o = sbox_addr_d;
    assign sbox_wdata_o = dat_q[7:0];
    assign pop_o        = pop;

    assign irq_o = (irq_status & irq_en_q) != 5'd0;

    assign ring_en_o    = ring_en_q;
    assign ring_base_o  = ring_base_q;
    assign ring_size_o  = ring_size_q;
    assign ring_pmask_o = ring_pmask_q;
    assign ring_rp_o    = ring_rp_q;
    assign ring_clear_o = ring_clear;

`ifdef FORMAL
    assign f_stopped_o = stopped_q;
    assign f_wwait_o   = wwait_q;
    assign f_code_o    = code_q;
`endif

`ifdef SP_ASSERT
    wire [4:0] bus_state = {mixing, wait1_q, wait2_q, wwait_q, ack_q};
    localparam [NW-1:0] ONE_NW = 1;
    wire [NSEL-1:0] a_targets = targets(adr_q);                 // the access's decode, from its address
    wire [NCHK-1:0] a_dat_checks = value_checks(dat_q);  // the checks of the value under way
    wire [NW-1:0]   a_ok      = value_ok(a_dat_checks);     // ... and its data
    wire [RAW:0]    a_fill    = (ring_wp_i - ring_rp_q) & ring_pmask_q;  // the ring's fill now
    wire [31:0]     ring_v32  = {15'd0, dat_q[16:0]};            // a ring write's value
    reg  [RAW:0]    f_fill_q;   // the fill register of the clock before
    reg             f_ring_set_q;  // the clock before wrote the ring's base, size or watermark
    always @(posedge clk_i) begin
        f_fill_q     <= ring_fnow_q;
        f_ring_set_q <= eff_q[W_RBASE] || eff_q[W_RSIZE] || eff_q[W_RWM];
    end
    // and those of the configuration registers' own values
    wire [NCHK-1:0] a_table_checks  = value_checks({16'd0, table_q});
    wire [NCHK-1:0] a_thresh_checks = value_checks({12'd0, thresh_q});
    wire [NCHK-1:0] a_mode_checks   = value_checks({26'd0, mode_q});
    // the per-target acceptance and the error code agree on every write
    always @(posedge clk_i) begin
        if (!rst_i && wwait_q && wb_cyc_i) assert ((eff_d != {NW{1'b0}}) == (write_code(adr_q) == E_NONE));
        // one access at a time: waiting (a SEED write's hash, a slow read,
        // the accounting read's second clock, a write's checks) or acking
        if (!rst_i) assert ((bus_state & (bus_state - 5'd1)) == 5'd0 && (!wait2_q || acc_read_q) &&
                            (!wwait_q || we_q) && (!(wait1_q || wait2_q) || !we_q) &&
                            (!mixing || (we_q && sel_q[W_SEED])));
        // an access under way names one write target
        if (!rst_i && bus_state != 5'd0)
            assert ((sel_q[NW-1:0] & (sel_q[NW-1:0] - ONE_NW)) == {NW{1'b0}});
        // and what the request cycle decoded stays that of the access (the
        // targets and the checks in every clock of it: the ring registers'
        // invariants below rest on them)
        if (!rst_i && mixing)
            assert (sel_q == targets(adr_q) && chk_q == value_checks(dat_q) && dok_q == value_ok(chk_q));
        if (!rst_i && bus_state != 5'd0)
            assert (sel_q == a_targets && dok_q == a_ok);
        // a write takes effect in its ack cycle, on the target it names
        if (!rst_i && (eff_q != {NW{1'b0}} || cmd_q != 3'b000 || cfg_q)) assert (ack_q && we_q);
        if (!rst_i) assert ((eff_q & ~sel_q[NW-1:0]) == {NW{1'b0}});
        // RATE within the build (spec 8.6): the HTP phases a count field
        // holds are below it, and so are the counts the modes store
        if (!rst_i) assert (rate_q != 16'd0 && {1'b0, rate_q} <= RATE_LIMIT);
        if (!rst_i && eff_q[W_RATE]) assert (!a_dat_checks[C_RATE]);
        // and so for the other configuration registers: the table's shape,
        // the thresholds and the mode the compressor's state rests on
        if (!rst_i) assert (!a_table_checks[C_SIZE] && !a_table_checks[C_WAYS] && !a_table_checks[C_TAG] &&
                            !a_thresh_checks[C_THRESH] && !a_mode_checks[C_MODE]);
        if (!rst_i && eff_q[W_TABLE]) assert (!a_dat_checks[C_SIZE] && !a_dat_checks[C_WAYS] &&
                                              !a_dat_checks[C_TAG]);
        if (!rst_i && eff_q[W_THRESH]) assert (!a_dat_checks[C_THRESH]);
        if (!rst_i && eff_q[W_MODE]) assert (!a_dat_checks[C_MODE]);
        // a configuration write that takes effect clears the table with it
        if (!rst_i) assert (cfg_q == (eff_q[W_MODE] || eff_q[W_RATE] || eff_q[W_TABLE] || eff_q[W_THRESH]));
        // only the bus pops the output queue, in a read's ack cycle: a read
        // under way that saw a head still has it (the ring, which pops it
        // otherwise, is off then)
        if (!rst_i && (wait1_q || wait2_q || ack_q) && !we_q && head_valid_q)
            assert (oq_head_valid_i && !ring_en_q);
        // the ring's registers (spec 8.8): a power-of-two size within the
        // build with its pointer mask beside it, pointers and watermark in
        // range, ring_bad_q the rule it stands for, and a ring that is on is
        // one that may be
        if (!rst_i && HAVE_RING) begin
            assert (ring_size_q != {(RAW + 1){1'b0}} && (ring_size_q & (ring_size_q - 1'b1)) == {(RAW + 1){1'b0}} &&
                    ring_size_q <= RING_LARGEST);
            assert (ring_pmask_q == {ring_size_q[RAW-1:0], 1'b0} - {{RAW{1'b0}}, 1'b1});
            assert (ring_rp_q <= ring_pmask_q && ring_wp_i <= ring_pmask_q);
            assert (ring_wm_q != {(RAW + 1){1'b0}} && ring_wm_q <= RING_LARGEST);
            if (!f_ring_set_q)
                assert (ring_bad_q == ((ring_base_q & (({{(31 - RAW){1'b0}}, ring_size_q} << RING_LOG2E) - 32'd1)) != 32'd0 ||
                                       ring_wm_q > ring_size_q));
            if (ring_en_q) assert (!ring_bad_q);
            // the ring's place and size change only while it is off, and an
            // accepted write brings a value its checks let in; the ring's
            // configuration changes with the block idle, its writer too (it
            // was stopped and not busy a clock before the write's checks,
            // and nothing could start it since)
            if (eff_q[W_RBASE] || eff_q[W_RSIZE]) assert (!ring_en_q);
            if (wwait_q && stopped_q) assert (!busy_i);
            if (eff_q[W_RCTRL] || eff_q[W_RBASE] || eff_q[W_RSIZE]) assert (!busy_i);
            if (eff_q[W_RSIZE]) assert (dat_q[31:17] == 15'd0 && dat_q[16:0] != 17'd0 &&
                                        (dat_q[16:0] & (dat_q[16:0] - 17'd1)) == 17'd0 && dat_q[16:0] <= RING_LIMIT);
            if (eff_q[W_RWM]) assert (dat_q[31:17] == 15'd0 && dat_q[16:0] != 17'd0 && dat_q[16:0] <= RING_LIMIT &&
                                      wm_ok);
            if (eff_q[W_RRP]) assert (dat_q[31:17] == 15'd0 && rp_ok);
            // a write's move, range and size test, from the request cycle,
            // are still those of its value; the fill can only have grown
            // since (a pop; only this access could shrink it), so a move the
            // request cycle let in never passes the write pointer
            if (we_q && (mixing || wwait_q || ack_q))
                assert (ring_move_q == ((dat_q[RAW:0] - ring_rp_q) & ring_pmask_q) &&
                        ring_vhi_q == (ring_v32 > {{(31 - RAW){1'b0}}, ring_pmask_q}) &&
                        ring_wbig_q == (ring_v32 > {{(31 - RAW){1'b0}}, ring_size_q}));
            // the move's comparison is the request cycle's, whose fill the
            // wait cycle has registered (f_fill_q); in any access's wait and
            // ack cycles that is the fill of this clock or of the clock
            // before (one pop between): the pointers have not been written
            // for two clocks then
            if (wwait_q && sel_q[W_RRP] && !ring_vhi_q) assert (ring_past_q == (ring_move_q > f_fill_q));
            if (wwait_q || ack_q)
                assert (f_fill_q <= a_fill && a_fill - f_fill_q <= {{RAW{1'b0}}, 1'b1});
            if (eff_q[W_RCTRL] && dat_q[0]) assert (!ring_bad_q);
            // a pop never meets a write of the ring's place or size
            if (ring_pop_i) assert (!ring_clear);
            // the fill and its margin over the watermark are this clock's,
            // and so IRQ_STATUS.RING is exact in every clock; a write's
            // adjustments, from its wait cycle, are still those of its amount
            assert (ring_fnow_q == a_fill);
            assert (ring_margin_q == {1'b0, a_fill} - {1'b0, ring_wm_q});
            assert (ring_level == (a_fill >= ring_wm_q));
            if (ack_q && we_q)
                assert (ring_adj_q == {(RAW + 2){1'b0}} - ring_amount);
        end
    end
`endif

endmodule

`resetall
