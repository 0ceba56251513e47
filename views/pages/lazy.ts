// The client's page table: each page's code is loaded by a dynamic import, so
// esbuild splits it into a chunk of its own and a document loads only the page
// it shows (the server names that chunk for preloading: server/ssr/bundle.go
// reads the import paths below).
import type { ComponentType } from "react";
import type { PageName } from "../lib/types";

export const pageLoaders: Record<PageName, () => Promise<ComponentType>> = {
  home: () => import("./home/HomePage").then((m) => m.HomePage),
  goods: () => import("./goods/GoodsPage").then((m) => m.GoodsPage),
  identity: () => import("./identity/IdentityPage").then((m) => m.IdentityPage),
  notfound: () => import("./notfound/NotFoundPage").then((m) => m.NotFoundPage),
  error: () => import("./notfound/NotFoundPage").then((m) => m.ErrorPage),
  login: () => import("./auth/LoginPage").then((m) => m.LoginPage),
  register: () => import("./auth/RegisterPage").then((m) => m.RegisterPage),
  forgetPwd: () => import("./auth/ForgetPwdPage").then((m) => m.ForgetPwdPage),
  editProfile: () => import("./account/EditProfilePage").then((m) => m.EditProfilePage),
  user: () => import("./account/SmallPages").then((m) => m.UserPage),
  mysafes: () => import("./account/MySafesPage").then((m) => m.MySafesPage),
  changeEmail: () => import("./account/ChangeEmailPage").then((m) => m.ChangeEmailPage),
  destroyIntro: () => import("./account/DestroyPages").then((m) => m.DestroyIntroPage),
  destroyA: () => import("./account/DestroyPages").then((m) => m.DestroyAPage),
  destroyB: () => import("./account/DestroyPages").then((m) => m.DestroyBPage),
  block: () => import("./account/SmallPages").then((m) => m.BlockPage),
  qrlogin: () => import("./account/SmallPages").then((m) => m.QrLoginPage),
  declare: () => import("./account/SmallPages").then((m) => m.DeclarePage),
  cart: () => import("./cart/CartPage").then((m) => m.CartPage),
  addresses: () => import("./address/AddressManagementPage").then((m) => m.AddressManagementPage),
  addressEdit: () => import("./address/AddressEditPage").then((m) => m.AddressEditPage),
  makeorder: () => import("./order/MakeOrderPage").then((m) => m.MakeOrderPage),
  myorders: () => import("./order/MyOrdersPage").then((m) => m.MyOrdersPage),
  myorder: () => import("./order/MyOrderPage").then((m) => m.MyOrderPage),
  shippinginfo: () => import("./order/ShippingInfoPage").then((m) => m.ShippingInfoPage),
  dogepay: () => import("./order/DogePayPage").then((m) => m.DogePayPage),
  search: () => import("./home/SearchPage").then((m) => m.SearchPage),
  sellerOrder: () => import("./operations/SellerOrderPage").then((m) => m.SellerOrderPage),
  sellerTrack: () => import("./operations/SellerTrackPage").then((m) => m.SellerTrackPage),
  reviewEntity: () => import("./operations/ReviewPage").then((m) => m.EntityReviewPage),
  reviewIdentity: () => import("./operations/ReviewPage").then((m) => m.IdentityReviewPage),
  reviewGoods: () => import("./operations/ReviewPage").then((m) => m.GoodsReviewPage),
  entity: () => import("./entity/EntityPage").then((m) => m.EntityPage),
  identityEdit: () => import("./entity/IdentityEditPage").then((m) => m.IdentityEditPage),
  goodsEdit: () => import("./goods-edit/GoodsEditPage").then((m) => m.GoodsEditPage),
  identityMe: () => import("./entity/IdentityMePage").then((m) => m.IdentityMePage),
  mygoods: () => import("./mygoods/MyGoodsPage").then((m) => m.MyGoodsPage),
  bigchat: () => import("./chat/ChatPage").then((m) => m.ChatPage),
  text: () => import("./content/TextPage").then((m) => m.TextPage),
  editForm: () => import("./operations/EditFormPage").then((m) => m.EditFormPage),
};
