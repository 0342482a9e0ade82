import Parsnip
