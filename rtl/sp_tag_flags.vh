// SPDX-License-Identifier: Apache-2.0
// sp_tag_flags.vh - the bits of a way's threshold flags (rtl/sp_tag_flags.v
// makes them, rtl/sp_tag_fsm.v decides on them); what each tests is said in
// sp_tag_flags.v.
`define SP_TAG_NF    9
`define SP_TAG_F_A1  0
`define SP_TAG_F_A2  1
`define SP_TAG_F_E1  2
`define SP_TAG_F_E2  3
`define SP_TAG_F_C1  4
`define SP_TAG_F_C2  5
`define SP_TAG_F_CE2 6
`define SP_TAG_F_MR  7
`define SP_TAG_F_ME  8
