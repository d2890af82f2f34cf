#!/usr/bin/env bash
# `make demo` until the full table demo exists: the referee's rule tools on the
# worked examples of the seed texts, one preset after another.
set -u
G="${GOUJI_TABLE:-.venv/bin/gouji-table}"
show() { printf '\n$ gouji-table %s\n' "$*"; "$G" "$@"; }

"$G" rules
show judge --rules dorm KKKBB AAARR       # 000: 3个K挂2个小王 needs 3 cards above K and 2 big jokers
show judge --rules dorm KKKBB AAABB
show judge --rules dorm R5 RR             # 000: a play with 大王 cannot be topped
show judge --rules match BB888 RRB99      # 001: 也可以用3个花带2个9大过
show judge --rules match R 222            # 001: 3个2可以大过大花
show classify --rules match 22888         # 001: “2”不可以贴
show judge --rules tribute RB225555 RR666666  # 003: 此时大花当做小花
show judge --rules jinyou R RRR           # 004: 不能用3个大王打
show judge --rules jinyou R2999 RRTTTT    # 004: 大王+2+999, 要用2个大王+4个10
show judge --rules zaozhuang BB777 RRRR888    # 004: 使用4个王+3个8可以大过
show classify --rules jinyou JJJ2 --json  # 004: 贴钱的牌转换点数后如果符合条件，也算作够级牌
exit 0
